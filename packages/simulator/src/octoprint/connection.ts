import type { VirtualPrinter } from '../printer-model/printer.js';
import {
  DEFAULT_DETECTION,
  NO_CANDIDATES,
  detectionCandidates,
  detectionOutcome,
  needsDetection,
  type SerialDetection,
} from './serial-detection.js';

export type ConnectionPhase =
  | 'offline'
  | 'detecting'
  | 'opening'
  | 'connecting'
  | 'operational'
  | 'error'
  | 'offline-after-error';

export interface StateFlags {
  operational: boolean;
  printing: boolean;
  cancelling: boolean;
  pausing: boolean;
  resuming: boolean;
  finishing: boolean;
  closedOrError: boolean;
  error: boolean;
  paused: boolean;
  ready: boolean;
  sdReady: boolean;
}

type EventSink = (type: string, payload: Record<string, unknown> | null) => void;

/** Seconds each connection step lasts (reference C.1); detection: `serial-detection.ts`. */
const OPENING_SECONDS = 0.3;
const CONNECTING_SECONDS = 1;
const ERROR_SECONDS = 0.1;

export const SERIAL_LOST =
  'SerialException: device reports readiness to read but returned no data (device disconnected or multiple access on port?)';
export const CONNECT_TIMEOUT = 'There was a timeout while trying to connect to the printer';
export const KILLED = 'Printer halted. kill() called!';
/** OctoPrint's own words when it closes the port after an M112 (util/comm.py). */
export const ESTOP_CLOSED = 'Closing serial port due to emergency stop M112.';

const PRINTING_TEXTS = new Set([
  'Starting',
  'Printing',
  'Pausing',
  'Resuming',
  'Cancelling',
  'Finishing',
]);

/** OctoPrint's serial connection to the printer, and the state text and flags built from it. */
export class OctoPrintConnection {
  phase: ConnectionPhase = 'offline';
  /** The last error; kept through "Offline after error" until the next connect. */
  error = '';
  port = 'VIRTUAL';
  baudrate = 115200;
  /** the port saved in OctoPrint's settings (`serial.port`); null: none, it is detected */
  savedPort: string | null = 'VIRTUAL';
  /** the ports OctoPrint finds and its detection timeouts */
  detection: SerialDetection = { ...DEFAULT_DETECTION };
  #cancelStep: (() => void) | null = null;

  constructor(
    private readonly printer: VirtualPrinter,
    private readonly emit: EventSink,
  ) {
    printer.events.on('reachability', (reachable) => {
      if (!reachable && this.#isLinked()) this.fail(SERIAL_LOST);
    });
    printer.events.on('halt', (reason) =>
      reason === 'M112' ? this.emergencyStop() : this.fail(KILLED),
    );
  }

  get isOperational(): boolean {
    return this.phase === 'operational';
  }

  /**
   * Opening serial connection → Connecting → Operational, or a timeout without a printer. A
   * port to detect (`AUTO`, or none given and none saved) or no baudrate (0) is "Detecting
   * serial connection" until a port/baudrate pair answers, then Operational at once
   * (`serial-detection.ts`). OctoPrint fires `Connecting` as it starts (printer/standard.py
   * `connect`).
   */
  connect(port: string | null = this.savedPort, baudrate = this.baudrate): void {
    if (this.#isLinked()) this.disconnect();
    this.error = '';
    this.emit('Connecting', null);
    if (needsDetection(port, baudrate)) {
      this.#detect(port, baudrate);
      return;
    }
    this.baudrate = baudrate;
    this.#open(port ?? 'AUTO');
  }

  #detect(port: string | null, baudrate: number): void {
    const candidates = detectionCandidates(this.detection, port, baudrate, this.savedPort);
    const { found, seconds } = detectionOutcome(
      this.detection,
      candidates,
      this.printer.isReachable,
    );
    this.#enter('detecting', seconds, () => {
      if (!found || !this.printer.isReachable) {
        this.fail(NO_CANDIDATES);
        return;
      }
      [this.port, this.baudrate] = found;
      this.#enter('operational');
      this.emit('Connected', { port: this.port, baudrate: this.baudrate });
    });
  }

  #open(port: string): void {
    this.port = port;
    this.#enter('opening', OPENING_SECONDS, () =>
      this.#enter('connecting', CONNECTING_SECONDS, () => {
        if (!this.printer.isReachable) {
          this.fail(CONNECT_TIMEOUT);
          return;
        }
        this.#enter('operational');
        this.emit('Connected', { port: this.port, baudrate: this.baudrate });
      }),
    );
  }

  /** The state after OctoPrint's autoconnect at boot: connected at once, or failed. */
  connectedAtBoot(): void {
    if (this.printer.isReachable) this.#enter('operational');
    else {
      this.error = CONNECT_TIMEOUT;
      this.#enter('offline-after-error');
    }
  }

  disconnect(): void {
    if (this.phase === 'offline') return;
    this.emit('Disconnecting', null);
    this.printer.jobs.fail('Printer disconnected');
    this.#enter('offline');
    this.emit('Disconnected', null);
  }

  /** A firmware or link error: "Error" for a moment, then "Offline after error". */
  fail(message: string): void {
    if (!this.#isLinked()) return;
    this.printer.jobs.fail(message);
    this.error = message;
    this.#enter('error', ERROR_SECONDS, () => {
      this.#enter('offline-after-error');
      this.emit('Disconnected', null);
    });
    this.emit('Error', { error: message, reason: 'firmware' });
  }

  /**
   * An M112 sent through OctoPrint: it closes the port at once with its own message, no
   * "Error" in between (src/octoprint/util/comm.py `_trigger_emergency_stop` → `close(is_error)`,
   * then the `EStop` event of `gcodeToEvent`): the job data is cleared (`FileDeselected`),
   * `Disconnected`, `EStop`, and the print fails with `reason: "error"` (seen on 1.11.8).
   */
  emergencyStop(): void {
    if (!this.#isLinked()) return;
    this.error = ESTOP_CLOSED;
    const hadFile = this.printer.job.file !== null;
    this.#enter('offline-after-error');
    if (hadFile) this.emit('FileDeselected', null);
    this.emit('Disconnected', null);
    this.emit('EStop', null);
    this.printer.jobs.fail(ESTOP_CLOSED);
  }

  /** `state.text` / `/api/job` `state`. */
  stateText(): string {
    switch (this.phase) {
      case 'offline':
        return 'Offline';
      case 'detecting':
        return 'Detecting serial connection';
      case 'opening':
        return 'Opening serial connection';
      case 'connecting':
        return 'Connecting';
      case 'error':
        return 'Error';
      case 'offline-after-error':
        return 'Offline after error';
      case 'operational':
        return this.#jobText();
    }
  }

  flags(): StateFlags {
    const text = this.stateText();
    const closed =
      this.phase === 'offline' || this.phase === 'error' || this.phase === 'offline-after-error';
    return {
      operational: this.isOperational,
      printing: PRINTING_TEXTS.has(text),
      cancelling: text === 'Cancelling',
      pausing: text === 'Pausing',
      resuming: text === 'Resuming',
      finishing: text === 'Finishing',
      closedOrError: closed,
      // once the comm object is gone OctoPrint no longer reports the error flag (A.2)
      error: this.phase === 'error',
      paused: text === 'Paused',
      ready: text === 'Operational',
      sdReady: false,
    };
  }

  /** OctoPrint's state id, as PrinterStateChanged carries it. */
  stateId(): string {
    return this.stateText()
      .replace('Opening serial connection', 'OPEN_SERIAL')
      .replace('Detecting serial connection', 'DETECT_SERIAL')
      .replace('Offline after error', 'CLOSED_WITH_ERROR')
      .toUpperCase();
  }

  #jobText(): string {
    const job = this.printer.job;
    const phase = job.phase;
    if (phase === 'starting') return 'Starting';
    if (phase === 'cancelling') return 'Cancelling';
    if (job.status === 'paused') return 'Paused';
    if (job.status !== 'printing') return 'Operational';
    if (phase === 'pausing') return 'Pausing';
    if (phase === 'resuming') return 'Resuming';
    if (phase === 'finishing') return 'Finishing';
    return 'Printing';
  }

  #isLinked(): boolean {
    return ['detecting', 'opening', 'connecting', 'operational'].includes(this.phase);
  }

  #enter(phase: ConnectionPhase, seconds = 0, then?: () => void): void {
    this.#cancelStep?.();
    this.#cancelStep = null;
    this.phase = phase;
    if (then) this.#cancelStep = this.printer.schedule(seconds, then);
  }
}
