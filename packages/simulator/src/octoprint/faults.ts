import { randomBytes } from 'node:crypto';
import type { CameraOptions } from '../camera/camera.js';
import { READ_ONLY_PERMISSIONS } from './auth.js';
import { Faults, type FaultCommand, type LinkFaults } from '../faults.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import type { OctoPrintConnection } from './connection.js';
import type { CancelTail } from './print-events.js';

export const THERMAL_RUNAWAY = 'MAXTEMP triggered, system stopped! Heater_ID: 0';

/** OctoPrint's faults, mirroring the Virtual Printer's `!!DEBUG` commands (reference C.1). */
export class OctoPrintFaults extends Faults {
  constructor(
    links: LinkFaults,
    printer: VirtualPrinter,
    private readonly connection: OctoPrintConnection,
    private readonly settings: { apiKey: string; permissions: string[] | null },
    private readonly cancelTail: CancelTail,
    private readonly settingsPage: { setWebcam: (camera: CameraOptions | false) => void },
  ) {
    super(links, printer);
  }

  /**
   * The user deletes the agent's application key in OctoPrint: from now on its requests are
   * anonymous (GET 403, POST 400 CSRF); open push sockets keep their session, as in OctoPrint.
   * Answers the new key, for a test that puts a working key back with `setApiKey`.
   */
  revokeApiKey(): string {
    this.settings.apiKey = randomBytes(16).toString('hex').toUpperCase();
    return this.settings.apiKey;
  }

  setApiKey(apiKey: string): void {
    this.settings.apiKey = apiKey;
  }

  /** The key's user is moved to OctoPrint's "Read-only Access" group. */
  makeKeyReadOnly(): void {
    this.setKeyPermissions(READ_ONLY_PERMISSIONS);
  }

  /** The key's user is moved to a group with these permissions (null: back to admin). */
  setKeyPermissions(permissions: string[] | null): void {
    this.settings.permissions = permissions;
  }

  /** OctoPrint closes its serial connection (the user clicked Disconnect, or the printer is off). */
  closePrinterConnection(): void {
    this.connection.disconnect();
  }

  /** The firmware reports an error: Error, then Offline after error with the message kept. */
  firmwareError(message = 'Printer halted. kill() called!'): void {
    this.printer.halt(message);
    this.connection.fail(message);
  }

  /** MAXTEMP: the firmware kills itself, OctoPrint drops the connection. */
  thermalRunaway(): void {
    this.firmwareError(THERMAL_RUNAWAY);
  }

  /** Keeps each cancel's late `PrintFailed {reason: "cancelled"}` until `releaseCancelTail`. */
  holdCancelTail(): void {
    this.cancelTail.hold();
  }

  /** Sends the held `PrintFailed {reason: "cancelled"}` events now; answers how many. */
  releaseCancelTail(): number {
    return this.cancelTail.release();
  }

  /** The user adds a webcam that takes snapshots in OctoPrint's settings (or removes it). */
  setWebcam(camera: CameraOptions | false = {}): void {
    this.settingsPage.setWebcam(camera);
  }

  /** A printer that never answers: commands still get 204, progress and reports freeze. */
  setPrinterSilent(silent: boolean): void {
    this.printer.isSilent = silent;
    this.printer.update();
  }

  override clear(): void {
    super.clear();
    this.cancelTail.release();
    this.setPrinterSilent(false);
  }

  override commands(): Record<string, FaultCommand> {
    return {
      ...super.commands(),
      error: this.messageCommand('error [message]', (m) => this.firmwareError(m), 'firmware error'),
      runaway: { usage: 'runaway', run: () => (this.thermalRunaway(), 'thermal runaway') },
      revoke: { usage: 'revoke', run: () => (this.revokeApiKey(), 'API key revoked') },
      close: { usage: 'close', run: () => (this.closePrinterConnection(), 'connection closed') },
      silent: {
        usage: 'silent on|off',
        run: ([state]) => (this.setPrinterSilent(state !== 'off'), `silent ${state !== 'off'}`),
      },
    };
  }
}
