import { createHash } from 'node:crypto';
import { Camera } from '@printdeck/simulator';
import type { DeviceCommand, DeviceDriver, DeviceState, RequestMessage } from '@printdeck/shared';
import WebSocket from 'ws';
import { CommandError, runCommand } from './fake-printer-commands.js';

/**
 * A device for the browser tests: speaks the device protocol to the server (hello, state
 * snapshot and patches, answers to requests) over a small printer model with real JPEG
 * frames. It stands in for an agent driving OctoPrint, Moonraker or a pill.
 */
export interface FakePrinterOptions {
  serverUrl: string;
  deviceKey: string;
  driver: DeviceDriver;
  name?: string;
  hasPowerRelay?: boolean;
  hasLed?: boolean;
  hasSpectoda?: boolean;
  /** connected to the printer at start (OctoPrint/Klipper paired) */
  isPaired?: boolean;
  /** the model's tick; temperatures move 10 °C and a job 2 % per tick */
  tickMs?: number;
  /** the camera is the printer's own: with the printer disconnected no frame comes */
  isCameraOnPrinter?: boolean;
  /** the device has a camera at all (OctoPrint without a webcam has none) */
  hasCamera?: boolean;
}

export type Axis = 'x' | 'y' | 'z';
export interface Heater {
  actual: number;
  target: number;
}
export interface Job {
  fileName: string;
  completion: number;
  /** done: the print ended and the printer still shows it, as OctoPrint keeps the file */
  phase: 'printing' | 'paused' | 'done';
}
export interface ConsoleEntry {
  time: number;
  type: 'command' | 'response';
  message: string;
}

const ROOM = 21;

/**
 * What the agent reports as wrong between it and the printer (the state's `error`): OctoPrint
 * refused the API key, the host does not answer, the printer reported an error.
 */
export interface HostProblem {
  code: 'permission-denied' | 'printer-unreachable' | 'printer-error';
  detail: string;
}

export class FakePrinter {
  readonly options: Required<FakePrinterOptions>;
  readonly received: DeviceCommand[] = [];
  isPaired: boolean;
  isPoweredOn = true;
  isLedOn = false;
  hasKlipperError = false;
  problem: HostProblem | null = null;
  /** the OctoPrint API keys the server configured, oldest first */
  readonly apiKeys: string[] = [];
  tool: Heater = { actual: ROOM, target: 0 };
  bed: Heater = { actual: ROOM, target: 0 };
  job: Job | null = null;
  /** the Printdeck job of the print it runs, when Printdeck started it */
  printJobId: number | null = null;
  /** percent of a print file being downloaded (DOWNLOADING_PRINT_FILE), or null */
  downloadProgress: number | null = null;
  files = [
    { path: 'benchy.gcode', size: 1_532_110 },
    { path: 'calibration/cube.gcode', size: 88_004 },
  ];
  readonly consoleHistory: ConsoleEntry[] = [];
  readonly homed = new Set<Axis>();
  readonly position: Record<Axis, number> = { x: 0, y: 0, z: 0 };
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastSent = '';
  readonly camera: Camera;
  /** the webcam hangs: snapshot requests get no answer */
  isCameraStuck = false;

  constructor(options: FakePrinterOptions) {
    this.options = {
      name: options.driver,
      hasPowerRelay: false,
      hasLed: options.driver === 'pill',
      hasSpectoda: false,
      isPaired: true,
      tickMs: 500,
      isCameraOnPrinter: false,
      hasCamera: true,
      ...options,
    };
    this.isPaired = this.options.isPaired;
    this.camera = new Camera(() => ({
      name: this.options.name,
      state: this.describeState(),
      extruder: { temperature: this.tool.actual, target: this.tool.target },
      bed: { temperature: this.bed.actual, target: this.bed.target },
      progress: this.job ? this.job.completion / 100 : null,
      fileName: this.job?.fileName ?? null,
      lights: this.isLedOn
        ? { red: 1, green: 1, blue: 1, white: 1 }
        : { red: 0, green: 0, blue: 0, white: 0 },
    }));
  }

  get isConnected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the device socket, says hello and sends the first snapshot. */
  async connect(): Promise<void> {
    const url = `${this.options.serverUrl.replace(/^http/, 'ws')}/api/device/ws`;
    const socket = new WebSocket(url, {
      headers: {
        authorization: `Bearer ${this.options.deviceKey}`,
        // the agent's own identity (a real agent keeps one in its state directory)
        'x-device-identity': createHash('sha256')
          .update(`agent identity of ${this.options.deviceKey}`)
          .digest('base64url'),
      },
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`device socket refused: ${response.statusCode}`)),
      );
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string };
        if (message.type === 'welcome') {
          this.lastSent = '';
          this.pushState();
          resolve();
        }
        if (message.type === 'request') void this.answer(message as RequestMessage);
        if (message.type === 'ping') this.send({ type: 'pong', at: Date.now() });
        if (message.type === 'configure') this.configure(message as { octoprint_api_key?: string });
      });
      socket.once('open', () =>
        this.send({
          type: 'hello',
          protocol: 1,
          agent_version: 'e2e-fake',
          driver: this.options.driver,
          capabilities: [],
        }),
      );
    });
    this.timer ??= setInterval(() => this.tick(), this.options.tickMs);
  }

  /** The device drops off the network (the socket closes; the model keeps running). */
  async drop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.terminate();
    await closed;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.drop();
  }

  /** Starts a print as if someone started it at the printer. */
  startJob(fileName = 'benchy.gcode'): void {
    this.job = { fileName, completion: 0, phase: 'printing' };
    this.pushState();
  }

  /**
   * The print fails with the printer's reason, told as the agent tells OctoPrint's PrintFailed
   * or Klipper's error: a job_failed event for the Printdeck job it prints.
   */
  failJob(reason: string): void {
    this.send({ type: 'event', name: 'job_failed', job_id: this.printJobId, data: { reason } });
    this.job = null;
    this.printJobId = null;
    this.pushState();
  }

  /** The print ends; the printer keeps showing it, finished (OctoPrint's selected file). */
  finishJob(): void {
    if (this.job) this.job = { ...this.job, completion: 100, phase: 'done' };
    this.pushState();
  }

  /** The agent reports a problem (null: it is gone), as the OctoPrint/Moonraker drivers do. */
  setProblem(problem: HostProblem | null): void {
    this.problem = problem;
    this.pushState();
  }

  /** A new OctoPrint key from the server: OctoPrint takes it, a refused key is no more. */
  private configure(message: { octoprint_api_key?: string }): void {
    if (!message.octoprint_api_key) return;
    this.apiKeys.push(message.octoprint_api_key);
    if (this.problem?.code === 'permission-denied') this.problem = null;
    this.pushState();
  }

  setKlipperError(message: string | null): void {
    this.hasKlipperError = message !== null;
    if (message) this.log('response', `!! ${message}`);
    this.pushState();
  }

  state(): DeviceState {
    const printing = this.job?.phase === 'printing';
    const paused = this.job?.phase === 'paused';
    const isCutOff =
      this.problem?.code === 'permission-denied' || this.problem?.code === 'printer-unreachable';
    const isPaired = this.isPaired && !isCutOff;
    const operational = isPaired && !this.hasKlipperError;
    // after a printer error OctoPrint keeps the last reading it had (frozen)
    const hasReadings = isPaired || this.problem?.code === 'printer-error';
    return {
      is_paired: isPaired,
      state: {
        text: this.describeState(),
        flags: {
          operational,
          printing: operational && printing,
          paused: operational && paused,
          pausing: false,
          cancelling: false,
          resuming: false,
          finishing: false,
          ready: operational && !this.isBusy,
          error: this.hasKlipperError,
          closedOrError: !operational,
        },
      },
      error:
        this.problem ??
        (this.downloadProgress === null
          ? null
          : { code: 'download-in-progress', detail: String(this.downloadProgress) }),
      temperature: hasReadings
        ? { tool0: { ...this.round(this.tool) }, bed: { ...this.round(this.bed) } }
        : { tool0: null, bed: null },
      job: this.job
        ? {
            file_name: this.job.fileName,
            completion: this.job.completion,
            print_time: this.job.completion * 6,
            print_time_left: (100 - this.job.completion) * 6,
            ...(this.job.phase === 'done' ? { outcome: 'done' as const } : {}),
          }
        : null,
      local_ip_address: '192.168.1.77',
      plugins: {
        power_relay: this.options.hasPowerRelay,
        power_on: this.options.hasPowerRelay ? this.isPoweredOn : null,
        led: this.options.hasLed,
        spectoda: this.options.hasSpectoda,
        camera: this.options.hasCamera,
      },
      lights: { led_on: this.options.hasLed ? this.isLedOn : null },
      klipper:
        this.options.driver === 'moonraker'
          ? {
              state: this.hasKlipperError ? 'error' : 'ready',
              state_message: this.hasKlipperError
                ? 'MCU "mcu" shutdown: Timer too close'
                : 'Printer is ready',
            }
          : null,
    };
  }

  /** a job runs (printing or paused); a finished one still shown does not count */
  get isBusy(): boolean {
    return this.job !== null && this.job.phase !== 'done';
  }

  private describeState(): string {
    if (!this.isPaired)
      return this.problem?.code === 'printer-error' ? 'Offline after error' : 'Offline';
    if (this.hasKlipperError) return 'Error';
    if (this.job?.phase === 'printing') return 'Printing';
    if (this.job?.phase === 'paused') return 'Paused';
    return 'Operational';
  }

  private round(heater: Heater): Heater {
    return { actual: Math.round(heater.actual * 10) / 10, target: heater.target };
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Sends the whole state when it changed since the last message. */
  pushState(): void {
    const state = this.state();
    const text = JSON.stringify(state);
    if (text === this.lastSent) return;
    this.lastSent = text;
    this.send({ type: 'state', kind: 'snapshot', state });
  }

  private tick(): void {
    for (const heater of [this.tool, this.bed]) {
      const goal = this.isPaired && heater.target > 0 ? heater.target : ROOM;
      const step = Math.sign(goal - heater.actual) * Math.min(10, Math.abs(goal - heater.actual));
      heater.actual += step;
    }
    if (this.job?.phase === 'printing' && this.isPaired) {
      this.job.completion = Math.min(100, this.job.completion + 2);
      if (this.job.completion >= 100) this.job = null;
    }
    this.pushState();
  }

  log(type: ConsoleEntry['type'], message: string): void {
    this.consoleHistory.push({ time: Date.now() / 1000, type, message });
  }

  private async answer(request: RequestMessage): Promise<void> {
    this.received.push(request.command);
    // a webcam that hangs: the request is never answered (the server answers 408)
    if (request.command.name === 'snapshot' && this.isCameraStuck) return;
    try {
      const result = await runCommand(this, request.command);
      this.send({ type: 'response', id: request.id, ok: true, result: result ?? null });
    } catch (error) {
      const failure =
        error instanceof CommandError ? error : new CommandError('internal', String(error));
      this.send({
        type: 'response',
        id: request.id,
        ok: false,
        error: { code: failure.code, message: failure.message },
      });
    }
    this.pushState();
  }
}
