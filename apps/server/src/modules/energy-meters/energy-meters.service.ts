import type { EnergyMeterSet, PrinterEnergyMeter } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { fieldError } from '../../http/app-error.js';
import type { NetworkPolicy, Resolve } from '../lan-printers/lan-networks.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import {
  EnergyMeterError,
  readEnergyMeter,
  type EnergyMeterAddress,
} from './energy-meter-reader.js';
import type { EnergyMetersRepository } from './energy-meters.repository.js';

interface Deps {
  meters: EnergyMetersRepository;
  getPrinterForUser: GetPrinterForUser;
  clock: Clock;
  /** LAN_PRINTER_NETWORKS: a plug is on the printers' network; null: LAN mode off, no meters */
  policy: NetworkPolicy | null;
  resolve?: Resolve;
}

/**
 * Energy from a power device (issue 26): a printer may name the Tasmota or Shelly plug that
 * meters it. The meter is read when a job starts (its counter kept on the job) and just before
 * the job's ending transaction (the difference stored as the job's kWh, which its energy cost
 * then uses). A plug that does not answer leaves the job unmeasured: its cost falls back to
 * the printer's average power.
 */
export function createEnergyMetersService(deps: Deps) {
  const { meters, clock, policy } = deps;
  const read = (meter: EnergyMeterAddress) => readEnergyMeter(policy, meter, deps.resolve);

  async function describe(printerId: number): Promise<PrinterEnergyMeter> {
    const row = await meters.findMeter(printerId);
    if (!row) return { meter: null, reading: null, reading_error: null };
    const meter = { kind: row.kind, url: row.url, channel: row.channel };
    try {
      return { meter, reading: await read(meter), reading_error: null };
    } catch (error) {
      return { meter, reading: null, reading_error: (error as Error).message };
    }
  }

  /** A plug that did not answer leaves the job unmeasured: its cost uses the average power. */
  const unmeasured = () => undefined;

  return {
    async getMeter(userId: number, printerId: number): Promise<PrinterEnergyMeter> {
      await deps.getPrinterForUser(userId, printerId, 'VIEW_GROUP');
      return describe(printerId);
    },

    /** Saved only when the plug answers a reading now: a wrong address is a 400 on `url`. */
    async setMeter(
      userId: number,
      printerId: number,
      input: EnergyMeterSet,
    ): Promise<PrinterEnergyMeter> {
      await deps.getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
      const meter = { kind: input.kind, url: input.url, channel: input.channel };
      try {
        await read(meter);
      } catch (error) {
        if (error instanceof EnergyMeterError) throw fieldError('url', error.message);
        throw error;
      }
      await meters.saveMeter({
        printer_id: printerId,
        ...meter,
        updated_on: clock.now().toISOString(),
      });
      return describe(printerId);
    },

    async deleteMeter(userId: number, printerId: number): Promise<void> {
      await deps.getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
      await meters.deleteMeter(printerId);
    },

    /** Print-job lifecycle: the counter when a job starts, and the energy just before it ends. */
    hooks: {
      onStarted(job: PrintJobRow): void {
        if (job.printer_id === null || !policy) return;
        void (async () => {
          const open = await meters.findOpenJobMeter(job.id);
          if (!open) return;
          const reading = await read(open);
          await meters.storeStartReading(job.id, reading.total_kwh * 1000);
        })().catch(unmeasured);
      },

      async beforeEnd(jobId: number): Promise<void> {
        if (!policy) return;
        try {
          const open = await meters.findOpenJobMeter(jobId);
          if (!open || open.energy_meter_start_wh === null) return;
          const endWh = (await read(open)).total_kwh * 1000;
          // a counter that went back (the plug was reset) measured nothing we can trust
          if (endWh < open.energy_meter_start_wh) return;
          await meters.storeMeasuredEnergy(jobId, (endWh - open.energy_meter_start_wh) / 1000);
        } catch {
          unmeasured();
        }
      },
    },
  };
}

export type EnergyMetersService = ReturnType<typeof createEnergyMetersService>;
