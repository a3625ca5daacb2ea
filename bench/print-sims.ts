/**
 * The virtual OctoPrint and Moonraker printers of `npm run bench:print-start`, in a process of
 * their own as real printers are their own computers: the bench process then holds only the
 * agents (the product), and its CPU is theirs. The printers behave exactly as in the fleet.
 * Spoken to over IPC: `start` → `started` with each printer's address; `cpu` → this process's
 * CPU since the last `cpu`; `close` → ends.
 */
import { startVirtualMoonraker, startVirtualOctoPrint } from '@printdeck/simulator';

export type SimHost =
  { kind: 'octoprint'; url: string; apiKey: string } | { kind: 'moonraker'; url: string };

export type PrintSimsCommand =
  | { type: 'start'; octoprint: number; moonraker: number; first: number }
  | { type: 'cpu' }
  | { type: 'close' };

export type PrintSimsReport =
  { type: 'started'; hosts: SimHost[] } | { type: 'cpu'; userMs: number; systemMs: number };

const sims: Array<{ close(): Promise<void> }> = [];
let cpuSince = process.cpuUsage();
const reply = (report: PrintSimsReport) => process.send?.(report);

process.on('message', (command: PrintSimsCommand) => {
  void (async () => {
    if (command.type === 'start') {
      const hosts: SimHost[] = [];
      for (let i = 0; i < command.octoprint; i++) {
        const sim = await startVirtualOctoPrint({ name: `OctoPrint ${command.first + i}` });
        sims.push(sim);
        hosts.push({ kind: 'octoprint', url: sim.url, apiKey: sim.apiKey });
      }
      for (let i = 0; i < command.moonraker; i++) {
        const sim = await startVirtualMoonraker({ name: `Klipper ${command.first + i}` });
        sims.push(sim);
        hosts.push({ kind: 'moonraker', url: sim.url });
      }
      cpuSince = process.cpuUsage();
      reply({ type: 'started', hosts });
    } else if (command.type === 'cpu') {
      const used = process.cpuUsage(cpuSince);
      cpuSince = process.cpuUsage();
      reply({ type: 'cpu', userMs: used.user / 1000, systemMs: used.system / 1000 });
    } else {
      await Promise.all(sims.map((sim) => sim.close()));
      process.exit(0);
    }
  })();
});
