import { SimulatedClock, type Clock } from '../clock.js';
import { registerCoreCommands } from './gcode-commands.js';
import { GcodeError, parseGcodeLine, type GcodeLine } from './gcode-parse.js';
import { dialectFor, type Dialect, type Firmware } from './dialect.js';
import { Emitter } from './emitter.js';
import { DEFAULT_FILE_LIMITS, FileStore, type FileStoreOptions, type StoredFile } from './files.js';
import { Heater, type HeaterPhysics } from './heater.js';
import { JobRunner } from './job-runner.js';
import { INSTANT_TRANSITIONS, PrintJob, type TransitionSeconds } from './job.js';
import { Scheduler } from './scheduler.js';
import { TemperatureHistory, type HeaterReading } from './temperature-history.js';
import { DEFAULT_LIMITS, Toolhead, type AxisLimits } from './toolhead.js';

export interface PrinterOptions {
  name?: string;
  firmware?: Firmware;
  /** Shared clock; by default a new SimulatedClock running at `speed`. */
  clock?: Clock;
  speed?: number;
  ambient?: number;
  limits?: AxisLimits;
  /** Simulated seconds a G28 takes. */
  homingSeconds?: number;
  /**
   * Moves take their time (distance ÷ feed rate), as the Virtual Printer's `_performMove`
   * does; with `speed: 1` a script runs in real time. Off by default: moves are instant.
   */
  timedMoves?: boolean;
  transitions?: Partial<TransitionSeconds>;
  /** Nominal speed for files without a slicer estimate. */
  bytesPerSecond?: number;
  extruderPhysics?: HeaterPhysics;
  bedPhysics?: HeaterPhysics;
  /** Temperature history: one sample every N simulated seconds, at most `historySize`. */
  historySampleSeconds?: number;
  historySize?: number;
  files?: Partial<FileStoreOptions>;
}

export type JobEventKind = 'started' | 'paused' | 'resumed' | 'done' | 'cancelled' | 'failed';

export interface JobEvent {
  kind: JobEventKind;
  file: StoredFile;
  printSeconds: number;
  reason?: string;
}

export type PrinterEvents = {
  /** A line the firmware prints (`// …`, `echo:…`, `ok T:…`). */
  response: [line: string];
  job: [event: JobEvent];
  /** The host gained or lost the printer (power or cable). */
  reachability: [reachable: boolean];
  /** The firmware halted on its own (M112). */
  halt: [reason: string];
  /** The power relay switched. */
  power: [on: boolean];
};

export type CommandHandler = (line: GcodeLine, printer: VirtualPrinter) => void | Promise<void>;

interface CommandEntry {
  handler: CommandHandler;
  help: string | undefined;
  needsBoard: boolean;
}

const MAX_STEP_SECONDS = 0.5;
const MAX_STEPS_PER_UPDATE = 200_000;
const MAX_QUEUED_SCRIPTS = 256;

const PHYSICS: Record<Firmware, { extruder: HeaterPhysics; bed: HeaterPhysics }> = {
  marlin: {
    extruder: { kind: 'linear', heatPerSecond: 10, coolPerSecond: 2 },
    bed: { kind: 'linear', heatPerSecond: 10, coolPerSecond: 2 },
  },
  klipper: {
    extruder: { kind: 'lag', heatTau: 25, coolTau: 60 },
    bed: { kind: 'lag', heatTau: 75, coolTau: 240 },
  },
};

/** One physical printer: heaters, toolhead, fan, lights, power, files and the job. */
export class VirtualPrinter {
  readonly name: string;
  readonly clock: Clock;
  readonly dialect: Dialect;
  readonly extruder: Heater;
  readonly bed: Heater;
  readonly toolhead: Toolhead;
  readonly files: FileStore;
  readonly job: PrintJob;
  readonly history: TemperatureHistory;
  readonly events = new Emitter<PrinterEvents>();
  readonly homingSeconds: number;
  readonly timedMoves: boolean;
  readonly transitions: TransitionSeconds;
  readonly jobs: JobRunner;
  /** Part-cooling fan, 0..1. */
  fanSpeed = 0;
  /** M220 and M221 as factors (1 = 100 %). */
  speedFactor = 1;
  flowFactor = 1;
  /** M117 text. */
  displayMessage = '';
  /** Last M73, which Klipper prefers over the file position for 5 s. */
  m73: { progress: number; at: number } | null = null;
  /** LED colour, each channel 0..1 (M150 / SET_LED). */
  lights = { red: 0, green: 0, blue: 0, white: 0 };
  isPowered = true;
  isCableConnected = true;
  /** A printer that stopped answering: commands wait, progress and reports freeze. */
  isSilent = false;
  /** The host's veto before each line runs (Klipper refuses most commands when not ready). */
  commandGuard: ((line: GcodeLine) => void) | null = null;

  readonly #scheduler = new Scheduler();
  readonly #commands = new Map<string, CommandEntry>();
  readonly #sampleSeconds: number;
  #time: number;
  #nextSample: number;
  #updating = false;
  #queue: Promise<void> = Promise.resolve();
  #queued = 0;

  constructor(options: PrinterOptions = {}) {
    const firmware = options.firmware ?? 'marlin';
    this.name = options.name ?? 'Virtual printer';
    this.clock = options.clock ?? new SimulatedClock({ speed: options.speed ?? 1 });
    this.dialect = dialectFor(firmware);
    const ambient = options.ambient ?? 21.3;
    this.extruder = new Heater({
      name: 'extruder',
      physics: options.extruderPhysics ?? PHYSICS[firmware].extruder,
      ambient,
      maxTemp: 280,
    });
    this.bed = new Heater({
      name: 'heater_bed',
      physics: options.bedPhysics ?? PHYSICS[firmware].bed,
      ambient,
      maxTemp: 120,
    });
    this.toolhead = new Toolhead(options.limits ?? DEFAULT_LIMITS);
    this.files = new FileStore({ ...DEFAULT_FILE_LIMITS, ...options.files });
    this.job = new PrintJob(options.bytesPerSecond);
    this.homingSeconds = options.homingSeconds ?? 2;
    this.timedMoves = options.timedMoves ?? false;
    this.transitions = { ...INSTANT_TRANSITIONS, ...options.transitions };
    this.#sampleSeconds = options.historySampleSeconds ?? 1;
    this.history = new TemperatureHistory(options.historySize ?? 1200);
    this.#time = this.clock.now();
    this.#nextSample = this.#time;
    this.jobs = new JobRunner(this);
    registerCoreCommands(this);
  }

  /** Simulated ms up to which the printer has been integrated. */
  get time(): number {
    return this.#time;
  }

  get isReachable(): boolean {
    return this.isPowered && this.isCableConnected;
  }

  /** Brings every heater, job and timer up to the clock's present. */
  update(): void {
    if (this.#updating) return;
    this.#updating = true;
    try {
      const now = this.clock.now();
      const maxStep = Math.max(MAX_STEP_SECONDS * 1000, (now - this.#time) / MAX_STEPS_PER_UPDATE);
      while (this.#time < now) {
        let end = Math.min(now, this.#time + maxStep);
        const due = this.#scheduler.nextDue();
        if (due !== undefined && due > this.#time && due < end) end = due;
        this.#step((end - this.#time) / 1000);
        this.#time = end;
        this.#afterStep();
      }
      this.#afterStep();
    } finally {
      this.#updating = false;
    }
  }

  /** Moves simulated time forward by `ms` (on a SimulatedClock) and integrates. */
  advance(ms: number): void {
    if (!(this.clock instanceof SimulatedClock)) throw new Error('advance needs a SimulatedClock');
    this.clock.advance(ms);
    this.update();
  }

  /** Runs `run` after `seconds` of simulated time; returns a cancel function. */
  schedule(seconds: number, run: () => void): () => void {
    return this.#scheduler.at(this.#time + seconds * 1000, run);
  }

  sleep(seconds: number): Promise<void> {
    if (seconds <= 0) return Promise.resolve();
    const until = this.#time + seconds * 1000;
    return this.#scheduler.waitUntil(() => this.#time >= until);
  }

  waitUntil(isDone: () => boolean): Promise<void> {
    return this.#scheduler.waitUntil(isDone);
  }

  defineCommand(
    name: string,
    handler: CommandHandler,
    options: { help?: string; needsBoard?: boolean } = {},
  ): void {
    this.#commands.set(name.toUpperCase(), {
      handler,
      help: options.help,
      needsBoard: options.needsBoard ?? true,
    });
  }

  /** Extended commands that carry a help text, as `printer.gcode.help` lists them. */
  commandHelp(): Record<string, string> {
    const help: Record<string, string> = {};
    for (const [name, entry] of this.#commands) if (entry.help) help[name] = entry.help;
    return help;
  }

  /**
   * Runs a script (lines split on "\n") behind the single G-code mutex. Resolves when the last
   * line has run, rejects with a GcodeError at the first refused line (the rest is skipped).
   */
  execute(script: string): Promise<void> {
    if (this.#queued >= MAX_QUEUED_SCRIPTS) {
      return Promise.reject(new GcodeError('Too many pending commands'));
    }
    this.#queued++;
    const run = this.#queue.then(() => this.runLines(script));
    this.#queue = run.then(
      () => void this.#queued--,
      () => void this.#queued--,
    );
    return run;
  }

  /** Runs lines at once, outside the mutex: for macros and commands already holding it. */
  async runLines(script: string): Promise<void> {
    for (const raw of script.split('\n')) {
      const line = parseGcodeLine(raw);
      if (!line) continue;
      if (this.isSilent) await this.waitUntil(() => !this.isSilent);
      await this.#runLine(line);
    }
  }

  async #runLine(line: GcodeLine): Promise<void> {
    this.commandGuard?.(line);
    const entry = this.#commands.get(line.command);
    if (!entry) {
      this.respond(this.dialect.unknownCommand(line));
      return;
    }
    if (entry.needsBoard && !this.isReachable) throw new GcodeError('Printer is not reachable');
    await entry.handler(line, this);
  }

  respond(line: string): void {
    this.events.emit('response', line);
  }

  /** Sets a heater's target the way the firmware does: Klipper refuses, Marlin clamps. */
  setHeaterTarget(heater: Heater, target: number): void {
    if (!Number.isFinite(target)) throw new GcodeError(`Invalid temperature for ${heater.name}`);
    if (this.dialect.rejectsBadTarget && (target < 0 || target > heater.maxTemp)) {
      throw new GcodeError(
        `Requested temperature (${target.toFixed(1)}) out of range (0.0:${heater.maxTemp.toFixed(1)})`,
      );
    }
    heater.setTarget(target);
  }

  /**
   * The firmware stops everything (M112, emergency stop, MCU shutdown). The job fails, or, as
   * Klipper's virtual SD card does on a shutdown, is left paused (`job: 'paused'`).
   */
  halt(reason: string, job: 'failed' | 'paused' = 'failed'): void {
    this.#heatersOff();
    this.toolhead.motorsOff();
    this.#scheduler.abortWaits(new GcodeError(reason));
    if (job === 'paused') this.jobs.freezePaused();
    else this.jobs.fail(reason);
  }

  /** The board restarts (Klipper's FIRMWARE_RESTART): every setting back to its default. */
  resetBoard(): void {
    this.#heatersOff();
    this.toolhead.motorsOff();
    this.lights = { red: 0, green: 0, blue: 0, white: 0 };
    this.speedFactor = 1;
    this.flowFactor = 1;
    this.displayMessage = '';
    this.m73 = null;
  }

  /**
   * M112 typed or sent: halts, then tells the host, which decides what it reports. Klipper
   * shuts down, which leaves a print paused (see `JobRunner.freezePaused`).
   */
  emergencyStop(reason = 'M112'): void {
    if (this.dialect.firmware === 'klipper') {
      this.halt(reason, 'paused');
      this.events.emit('halt', reason);
      return;
    }
    // the host hears of it first: OctoPrint closes the port, then the print fails with its words
    this.events.emit('halt', reason);
    this.halt(reason, 'failed');
  }

  /** The relay: without power the board is gone, heaters cool, positions are lost. */
  setPower(on: boolean): void {
    if (on === this.isPowered) return;
    this.update();
    const wasReachable = this.isReachable;
    this.isPowered = on;
    if (!on) {
      this.#heatersOff();
      this.lights = { red: 0, green: 0, blue: 0, white: 0 };
      this.toolhead.motorsOff();
    }
    this.events.emit('power', on);
    this.#reachabilityChanged(wasReachable, 'Printer lost power');
  }

  /** The USB cable between host and printer. */
  setCableConnected(connected: boolean): void {
    if (connected === this.isCableConnected) return;
    this.update();
    const wasReachable = this.isReachable;
    this.isCableConnected = connected;
    this.#reachabilityChanged(wasReachable, 'Printer disconnected from host');
  }

  reading(heater: Heater): HeaterReading {
    return { temperature: heater.temperature, target: heater.target, power: heater.power };
  }

  #reachabilityChanged(wasReachable: boolean, reason: string): void {
    const reachable = this.isReachable;
    if (reachable === wasReachable) return;
    if (!reachable) {
      this.#scheduler.abortWaits(new GcodeError(reason));
      this.jobs.fail(reason);
    }
    this.events.emit('reachability', reachable);
  }

  #heatersOff(): void {
    this.extruder.setTarget(0);
    this.bed.setTarget(0);
    this.fanSpeed = 0;
  }

  #step(seconds: number): void {
    this.extruder.step(seconds);
    this.bed.step(seconds);
    if (!this.isSilent) this.jobs.step(seconds);
  }

  #afterStep(): void {
    this.#scheduler.runDue(this.#time);
    this.#scheduler.checkWaiters();
    if (this.#time >= this.#nextSample && !this.isSilent) {
      this.history.add({
        time: this.#time,
        extruder: this.reading(this.extruder),
        bed: this.reading(this.bed),
      });
      const interval = this.#sampleSeconds * 1000;
      this.#nextSample = Math.max(this.#nextSample + interval, this.#time - interval);
    }
  }
}
