/**
 * The virtual Bambu printers of `npm run bench:bambu-start`, in their own process as real
 * printers are their own machines: the bench then measures the agent's side of the upload
 * (file reads, TLS, MQTT) and not the printers' TLS and storage on the same thread.
 * Spoken to over IPC: `start` → `started` with the printers; `cpu` → its CPU since the last
 * `cpu`; `stored` → the size each printer holds of a file; `close` → ends.
 */
import { startVirtualBambu, type VirtualBambu } from '@printdeck/simulator';

export interface SimPrinter {
  host: string;
  serial: string;
  accessCode: string;
  mqttPort: number;
  ftpsPort: number;
}

export type SimsCommand =
  | { type: 'start'; printers: number }
  | { type: 'cpu' }
  | { type: 'stored'; name: string }
  | { type: 'close' };

export type SimsReport =
  | { type: 'started'; printers: SimPrinter[] }
  | { type: 'cpu'; userMs: number; systemMs: number }
  | { type: 'stored'; sizes: Array<number | null> };

const sims: VirtualBambu[] = [];
let cpuSince = process.cpuUsage();
const reply = (report: SimsReport) => process.send?.(report);

process.on('message', (command: SimsCommand) => {
  void (async () => {
    if (command.type === 'start') {
      for (let i = 0; i < command.printers; i++) {
        sims.push(await startVirtualBambu({ speed: 0, prepareSeconds: 3600, pushIntervalMs: 200 }));
      }
      const printers = sims.map((sim) => ({
        host: sim.host,
        serial: sim.serial,
        accessCode: sim.accessCode,
        mqttPort: sim.mqttPort,
        ftpsPort: sim.ftpsPort,
      }));
      reply({ type: 'started', printers });
    } else if (command.type === 'cpu') {
      const used = process.cpuUsage(cpuSince);
      cpuSince = process.cpuUsage();
      reply({ type: 'cpu', userMs: used.user / 1000, systemMs: used.system / 1000 });
    } else if (command.type === 'stored') {
      const sizes = sims.map((sim) => sim.printer.files.get(command.name)?.size ?? null);
      reply({ type: 'stored', sizes });
    } else {
      await Promise.all(sims.map((sim) => sim.close()));
      process.exit(0);
    }
  })();
});
