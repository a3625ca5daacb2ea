import { Faults, type FaultCommand, type LinkFaults } from '../faults.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import { MCU_LOST, type Klippy } from './klippy.js';

/** Klipper's failures on top of the shared ones (reference C.2). */
export class MoonrakerFaults extends Faults {
  constructor(
    links: LinkFaults,
    printer: VirtualPrinter,
    private readonly klippy: Klippy,
  ) {
    super(links, printer);
  }

  /** An MCU or host shutdown: `shutdown` with this reason until FIRMWARE_RESTART. */
  klippyShutdown(reason = MCU_LOST): void {
    this.klippy.shutdown(reason);
  }

  /** A configuration error: `error`, "Printer is halted", until RESTART. */
  klippyError(
    message = "Option 'rotation_distance' in section 'stepper_x' must be specified",
  ): void {
    this.klippy.configError(message);
  }

  /** The Klippy process dies; it comes back through startup by itself. */
  klippyDisconnect(): void {
    this.klippy.crash();
  }

  override commands(): Record<string, FaultCommand> {
    return {
      ...super.commands(),
      shutdown: this.messageCommand('shutdown [reason]', (m) => this.klippyShutdown(m), 'shutdown'),
      error: this.messageCommand('error [message]', (m) => this.klippyError(m), 'klippy error'),
      crash: { usage: 'crash', run: () => (this.klippyDisconnect(), 'klippy disconnected') },
    };
  }
}
