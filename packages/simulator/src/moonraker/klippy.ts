import { Emitter } from '../printer-model/emitter.js';
import type { VirtualPrinter } from '../printer-model/printer.js';

/**
 * Where a configuration error stops Klipper (klippy/klippy.py `_read_config`: `configfile`,
 * then `pins` and `mcu`, then every config section in file order, then the toolhead with its
 * kinematics and extruders, then `check_unused_options`): `mcu` in the [mcu] section,
 * `kinematics` in a stepper (the default message), `unused-option` an option no section read.
 */
export type ConfigErrorStage = 'mcu' | 'kinematics' | 'unused-option';

export type KlippyState = 'disconnected' | 'startup' | 'ready' | 'error' | 'shutdown';

/** Klipper's exact texts (reference B.2, `klippy.py`). */
export const READY_MESSAGE = 'Printer is ready';
export const STARTUP_MESSAGE =
  '\nPrinter is not ready\nThe klippy host software is attempting to connect.  Please\nretry in a few moments.\n';
export const SHUTDOWN_HELP =
  '\nOnce the underlying issue is corrected, use the\n"FIRMWARE_RESTART" command to reset the firmware, reload the\nconfig, and restart the host software.\nPrinter is shutdown\n';
const CONNECT_ERROR_HELP =
  '\nOnce the underlying issue is corrected, use the\n"FIRMWARE_RESTART" command to reset the firmware, reload the\nconfig, and restart the host software.\nError configuring printer\n';
const RESTART_HELP =
  '\n\nOnce the underlying issue is corrected, use the "RESTART"\ncommand to reload the config and restart the host software.\nPrinter is halted\n';

export const MCU_LOST = "Lost communication with MCU 'mcu'";
export const MCU_UNREACHABLE = "mcu 'mcu': Unable to connect";
export const WEBHOOKS_SHUTDOWN = 'Shutdown due to webhooks request';
export const M112_SHUTDOWN = 'Shutdown due to M112 command';

/** Simulated seconds of each step (reference C.2). */
const CONNECT_SECONDS = 1;
const STARTUP_SECONDS = 2;
const RESTART_DISCONNECT_SECONDS = 0.5;

export type KlippyEvents = {
  state: [state: KlippyState, previous: KlippyState];
};

/**
 * The Klippy host process as Moonraker sees it:
 * disconnected → startup → ready; shutdown and error until a restart.
 */
export class Klippy {
  state: KlippyState;
  message: string;
  /** False until Klippy first connects: its endpoints are then unknown (404, B.1). */
  hasConnected: boolean;
  readonly events = new Emitter<KlippyEvents>();
  #cancelStep: (() => void) | null = null;

  constructor(
    private readonly printer: VirtualPrinter,
    options: { boot: boolean },
  ) {
    this.state = options.boot ? 'disconnected' : 'ready';
    this.message = options.boot ? 'Klippy Disconnected' : READY_MESSAGE;
    this.hasConnected = !options.boot;
    if (options.boot) this.#connect(CONNECT_SECONDS);
    else if (!printer.isReachable) this.#enter('error', MCU_UNREACHABLE + CONNECT_ERROR_HELP);
    printer.events.on('reachability', (reachable) => {
      if (!reachable && (this.state === 'ready' || this.state === 'startup')) {
        this.shutdown(MCU_LOST);
      }
    });
    printer.events.on('halt', (reason) => {
      if (reason === 'M112') this.shutdown(M112_SHUTDOWN);
    });
  }

  get isConnected(): boolean {
    return this.state !== 'disconnected';
  }

  get isReady(): boolean {
    return this.state === 'ready';
  }

  /**
   * An MCU or host shutdown: everything stops until FIRMWARE_RESTART. A running print is left
   * `paused`, not `error` (klippy/extras/virtual_sdcard.py, see `JobRunner.freezePaused`).
   */
  shutdown(reason: string): void {
    if (this.state === 'disconnected' || this.state === 'shutdown') return;
    this.printer.halt(reason, 'paused');
    this.#enter('shutdown', reason + SHUTDOWN_HELP);
  }

  /** Where the last configuration error stopped Klipper's loading (`objects.ts`); null: none. */
  configErrorStage: ConfigErrorStage | null = null;

  /** A configuration error: "Printer is halted" until RESTART. */
  configError(text: string, stage: ConfigErrorStage = 'kinematics'): void {
    if (this.state === 'disconnected') return;
    this.printer.halt(text);
    this.#enter('error', text + RESTART_HELP);
    this.configErrorStage = stage;
  }

  /** FIRMWARE_RESTART or RESTART: disconnect, reconnect, start up, be ready (or fail). */
  restart(): void {
    this.configErrorStage = null;
    this.printer.halt('Klippy Disconnected');
    this.#enter('disconnected', 'Klippy Disconnected');
    this.#connect(RESTART_DISCONNECT_SECONDS);
  }

  /**
   * The host process dies. It stays down until someone starts it again (`start`, i.e.
   * `systemctl restart klipper`): Moonraker only reconnects to a Klippy that listens
   * (moonraker/components/klippy_connection.py keeps trying the socket, it starts nothing).
   */
  crash(): void {
    this.printer.halt('Klippy Disconnected');
    this.#enter('disconnected', 'Klippy Disconnected');
  }

  /** The Klippy service is started again after a crash: it connects and starts up. */
  start(): void {
    if (this.state !== 'disconnected') return;
    this.#connect(CONNECT_SECONDS);
  }

  /** when Klippy last connected, real ms: Moonraker registers its endpoints after that */
  connectedAtMs = 0;

  #connect(afterSeconds: number): void {
    this.#after(afterSeconds, () => {
      this.hasConnected = true;
      this.connectedAtMs = Date.now();
      this.printer.resetBoard();
      this.printer.jobs.reset();
      this.#enter('startup', STARTUP_MESSAGE);
      this.#after(STARTUP_SECONDS, () => {
        if (this.printer.isReachable) this.#enter('ready', READY_MESSAGE);
        else this.#enter('error', MCU_UNREACHABLE + CONNECT_ERROR_HELP);
      });
    });
  }

  #after(seconds: number, run: () => void): void {
    this.#cancelStep?.();
    this.#cancelStep = this.printer.schedule(seconds, () => {
      this.#cancelStep = null;
      run();
    });
  }

  #enter(state: KlippyState, message: string): void {
    if (state !== 'startup') {
      this.#cancelStep?.();
      this.#cancelStep = null;
    }
    const previous = this.state;
    this.state = state;
    this.message = message;
    if (previous !== state) this.events.emit('state', state, previous);
  }
}
