import type { FaultCommand } from '../faults.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import type { PrinterBroker } from './broker.js';
import type { CameraStream } from './camera-stream.js';
import { rekeyedCertificate } from './certs.js';
import type { PrinterFtps } from './ftps.js';
import type { RtspsServer } from './rtsps-server.js';
import type { BambuPanel } from './panel.js';

interface BambuFaultTargets {
  printer: VirtualPrinter;
  panel: BambuPanel;
  broker: PrinterBroker;
  ftps: PrinterFtps;
  cameraStream: CameraStream;
  rtsps: RtspsServer | null;
  setSilent(isSilent: boolean): void;
  setLiveview(isOn: boolean): void;
  isLiveviewOn(): boolean;
}

/** What happens on a Bambu printer's own screen and to its Wi-Fi (reference §1). */
export class BambuFaults {
  constructor(private readonly t: BambuFaultTargets) {}

  /** The Wi-Fi blips: every MQTT connection closes; the printer takes new ones. */
  dropLink(): number {
    const count = this.t.broker.connectedClients();
    this.t.broker.dropClients();
    return count;
  }

  /** The printer leaves the network (or is switched off): connections refused until back. */
  setOffline(isOffline: boolean): void {
    this.t.broker.setRefusing(isOffline);
    this.t.ftps.setRefusing(isOffline);
    this.t.rtsps?.setRefusing(isOffline || !this.t.isLiveviewOn());
  }

  /**
   * "LAN Only Liveview" switched on the printer's screen (X1 of recent firmware, H2): off, port
   * 322 closes at once and `ipcam.rtsp_url` reads "disable" (reference §1.13).
   */
  setLiveview(isOn: boolean): void {
    this.t.setLiveview(isOn);
  }

  isLiveviewOn(): boolean {
    return this.t.isLiveviewOn();
  }

  /** The name the shared driver fixtures use for `setOffline`. */
  setLinkDown(isDown: boolean): void {
    this.setOffline(isDown);
  }

  /** Something not JSON, or oversized, on the report topic. */
  publishRaw(payload: Buffer): void {
    this.t.broker.publishRaw(payload);
  }

  /**
   * P1/A1 firmware bug: the broker stops publishing while TCP stays up (reference §1.3,
   * ha-bambulab); commands are still taken.
   */
  setSilent(isSilent: boolean): void {
    this.t.setSilent(isSilent);
  }

  /** A firmware update re-keyed the printer: a new self-signed certificate (reference §1.2). */
  rekey(): void {
    const certificate = rekeyedCertificate();
    this.t.broker.setCertificate(certificate);
    this.t.ftps.setCertificate(certificate);
    this.t.cameraStream.setCertificate(certificate);
    this.t.rtsps?.setCertificate(certificate);
    this.t.broker.dropClients();
  }

  /** A print started on the printer's screen from the card: ids "0" (OpenBambuAPI `mqtt.md`). */
  startOnScreen(path: string): boolean {
    const file = this.t.printer.files.get(path);
    if (!file || this.t.printer.job.isActive) return false;
    this.t.panel.task = {
      subtaskName: file.name.replace(/(\.gcode)?(\.3mf)?$/i, ''),
      gcodeFile: file.name,
      projectId: '0',
      subtaskId: '0',
      taskId: '0',
      printType: 'local',
    };
    this.t.panel.printError = 0;
    this.t.panel.prepareFailed = false;
    this.t.printer.job.load(file);
    return this.t.printer.jobs.start();
  }

  /** The print fails on the printer (e.g. 0700_8012, AMS mapping): FAILED with that error. */
  failPrint(printError = 0x07008012): void {
    this.t.panel.printError = printError;
    this.t.printer.jobs.fail(`print_error ${printError.toString(16)}`);
  }

  /** A health message appears (`hms[]` is the whole current list; reference §1.9). */
  raiseHms(attr: number, code: number): void {
    this.t.panel.hms = [...this.t.panel.hms, { attr, code }];
  }

  clearHms(): void {
    this.t.panel.hms = [];
  }

  /** The Wi-Fi blips during the next `count` uploads: each data connection breaks half-way. */
  cutUploads(count: number): void {
    this.t.ftps.cutUploads(count);
  }

  /** The SD card is taken out: uploads answer 553 (reference §1.12). */
  setSdCard(isPresent: boolean): void {
    this.t.panel.hasSdCard = isPresent;
  }

  commands(): Record<string, FaultCommand> {
    return {
      drop: { usage: 'drop', run: () => `dropped ${this.dropLink()} MQTT connections` },
      down: { usage: 'down', run: () => (this.setOffline(true), 'printer offline') },
      up: { usage: 'up', run: () => (this.setOffline(false), 'printer online') },
      silent: {
        usage: 'silent on|off',
        run: ([on]) => (this.setSilent(on !== 'off'), `silent ${on !== 'off'}`),
      },
      rekey: { usage: 'rekey', run: () => (this.rekey(), 'new certificate') },
      screen: {
        usage: 'screen <file on the card>',
        run: ([path]) => (this.startOnScreen(path ?? '') ? 'printing' : 'cannot start'),
      },
      fail: { usage: 'fail', run: () => (this.failPrint(), 'print failed') },
      hms: {
        usage: 'hms <attr> <code> | hms clear',
        run: ([attr, code]) =>
          attr === 'clear'
            ? (this.clearHms(), 'hms cleared')
            : (this.raiseHms(Number(attr), Number(code)), 'hms raised'),
      },
      liveview: {
        usage: 'liveview on|off',
        run: ([on]) => (
          this.setLiveview(on !== 'off'),
          `LAN Only Liveview ${on !== 'off' ? 'on' : 'off'}`
        ),
      },
      cut: {
        usage: 'cut <uploads>',
        run: ([count]) => (this.cutUploads(Number(count ?? 1)), `cutting ${count ?? 1} uploads`),
      },
      card: {
        usage: 'card in|out',
        run: ([state]) => (
          this.setSdCard(state !== 'out'),
          `card ${state !== 'out' ? 'in' : 'out'}`
        ),
      },
    };
  }
}
