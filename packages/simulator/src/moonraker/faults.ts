import { Faults, type FaultCommand, type LinkFaults } from '../faults.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import { MCU_LOST, type ConfigErrorStage, type Klippy } from './klippy.js';

/** Klipper's failures on top of the shared ones (reference C.2). */
export class MoonrakerFaults extends Faults {
  constructor(
    links: LinkFaults,
    printer: VirtualPrinter,
    private readonly klippy: Klippy,
    private readonly queue: { seconds: number },
    private readonly timing: { subscribeDelayMs: number; endpointsDelayMs: number },
  ) {
    super(links, printer);
  }

  /**
   * Klipper answers `printer.objects.subscribe` this many real ms late (a busy host just after
   * a restart): notifications sent meanwhile reach the client before the answer.
   */
  setSubscribeDelay(ms: number): void {
    this.timing.subscribeDelayMs = ms;
  }

  /**
   * Moonraker registers Klipper's endpoints this many real ms after Klippy connects: a read
   * meanwhile is "Method not found" (moonraker/components/klippy_connection.py
   * `_request_endpoints`), and Klipper in `error` sends no further notice to read again on.
   */
  setEndpointsDelay(ms: number): void {
    this.timing.endpointsDelayMs = ms;
  }

  /** An MCU or host shutdown: `shutdown` with this reason until FIRMWARE_RESTART. */
  klippyShutdown(reason = MCU_LOST): void {
    this.klippy.shutdown(reason);
  }

  /** A configuration error: `error`, "Printer is halted", until RESTART. */
  klippyError(
    message = "Option 'rotation_distance' in section 'stepper_x' must be specified",
    stage: ConfigErrorStage = 'kinematics',
  ): void {
    this.klippy.configError(message, stage);
  }

  /** The Klippy process dies; it stays down until `klippyStart`. */
  klippyDisconnect(): void {
    this.klippy.crash();
  }

  /** Starts the Klippy service again after a crash. */
  klippyStart(): void {
    this.klippy.start();
  }

  /**
   * Moves queued ahead of the print's next line: PAUSE and CANCEL_PRINT wait this many
   * seconds before they take effect and answer (klippy/extras/virtual_sdcard.py `do_pause`
   * waits for the work timer, which waits for the command it is in and a full move queue).
   */
  setQueuedMoveSeconds(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600) {
      throw new RangeError('queued move seconds must be 0..600');
    }
    this.queue.seconds = seconds;
  }

  override commands(): Record<string, FaultCommand> {
    return {
      ...super.commands(),
      shutdown: this.messageCommand('shutdown [reason]', (m) => this.klippyShutdown(m), 'shutdown'),
      error: this.messageCommand('error [message]', (m) => this.klippyError(m), 'klippy error'),
      crash: { usage: 'crash', run: () => (this.klippyDisconnect(), 'klippy disconnected') },
      start: { usage: 'start', run: () => (this.klippyStart(), 'klippy starting') },
      queue: {
        usage: 'queue <seconds>',
        run: ([seconds]) => (
          this.setQueuedMoveSeconds(Number(seconds ?? 0)),
          `pause waits ${Number(seconds ?? 0)} s`
        ),
      },
    };
  }
}
