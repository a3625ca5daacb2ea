import {
  EnergyMeterReadingSchema,
  type DeviceCommand,
  type EnergyMeterReader,
  type EnergyMeterReading,
  type EnergyMeterSet,
  type PrinterEnergyMeter,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { DeviceCommandFailed } from '../../gateway/device-command.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { AppError, fieldError } from '../../http/app-error.js';
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
  /** the connected devices: a meter `read_by: agent` is read by the printer's agent */
  live: Pick<LiveDevices, 'request'>;
  /** LAN_PRINTER_NETWORKS: a plug the server reads is on them; null: LAN mode off */
  policy: NetworkPolicy | null;
  resolve?: Resolve;
}

/** A meter and who reads it: the server, or the agent of `device_key_id`. */
interface StoredMeter extends EnergyMeterAddress {
  read_by: EnergyMeterReader;
  device_key_id: number;
}

/**
 * The agent reads within 3 s (ENERGY_METER_BUDGET) and answers before this timeout less its
 * answer margin (250 ms): a silent plug comes back as the agent's reason, not as our timeout.
 */
export const AGENT_READ_TIMEOUT_MS = 4000;

/** The printer's agent is not connected: nothing read, nothing can be saved. */
class AgentOfflineError extends EnergyMeterError {}

const AGENT_OFFLINE =
  'The printer’s agent is offline: it reads this plug, so the plug can be named once the agent is connected.';

/** An agent's refusal or silence, said as the reason the plug was not read. */
function agentFailure(error: DeviceCommandFailed): EnergyMeterError {
  switch (error.code) {
    case 'offline':
    case 'unavailable':
      return new AgentOfflineError(AGENT_OFFLINE);
    case 'not-supported':
      return new EnergyMeterError(
        'The printer’s agent is too old to read a plug: update the agent.',
      );
    case 'timeout':
      return new EnergyMeterError('The printer’s agent did not answer in time.');
    case 'meter-unreadable':
    case 'invalid-command':
      return new EnergyMeterError(error.message);
    default:
      return new EnergyMeterError(`The printer’s agent could not read the plug: ${error.message}`);
  }
}

/**
 * Energy from a power device (issue 26): a printer may name the Tasmota or Shelly plug that
 * meters it, read by the printer's agent on its own network (the usual farm: printers and
 * agent behind NAT) or by the server under LAN_PRINTER_NETWORKS. The meter is read when a job
 * starts (its counter kept on the job) and just before the job's ending transaction (the
 * difference stored as the job's kWh, which its energy cost then uses). A plug that does not
 * answer leaves the job unmeasured: its cost falls back to the printer's average power.
 */
export function createEnergyMetersService(deps: Deps) {
  const { meters, clock, policy } = deps;

  async function readThroughAgent(meter: StoredMeter): Promise<EnergyMeterReading> {
    const command: DeviceCommand = {
      name: 'read_energy_meter',
      kind: meter.kind,
      url: meter.url,
      channel: meter.channel,
    };
    let result: unknown;
    try {
      result = await deps.live.request(meter.device_key_id, command, AGENT_READ_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof DeviceCommandFailed) throw agentFailure(error);
      throw error;
    }
    // device text is untrusted: the reading is checked before it is kept or shown
    const parsed = EnergyMeterReadingSchema.safeParse(result);
    if (!parsed.success)
      throw new EnergyMeterError('The printer’s agent sent a reading that could not be read.');
    return parsed.data;
  }

  const read = (meter: StoredMeter): Promise<EnergyMeterReading> =>
    meter.read_by === 'agent'
      ? readThroughAgent(meter)
      : readEnergyMeter(policy, meter, deps.resolve);

  async function describe(printerId: number): Promise<PrinterEnergyMeter> {
    const row = await meters.findMeter(printerId);
    if (!row) return { meter: null, reading: null, reading_error: null };
    const meter = { kind: row.kind, url: row.url, channel: row.channel, read_by: row.read_by };
    try {
      return { meter, reading: await read(row), reading_error: null };
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

    /**
     * Saved only when the plug answers a reading now: a wrong address (or the agent's reason
     * it could not read it) is a 400 on `url`; the printer's agent offline is a 409.
     */
    async setMeter(
      userId: number,
      printerId: number,
      input: EnergyMeterSet,
    ): Promise<PrinterEnergyMeter> {
      const printer = await deps.getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
      const meter = {
        kind: input.kind,
        url: input.url,
        channel: input.channel,
        read_by: input.read_by,
      };
      try {
        await read({ ...meter, device_key_id: printer.device_key_id });
      } catch (error) {
        if (error instanceof AgentOfflineError)
          throw new AppError('conflict', error.message, { reason: 'agent-offline' });
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
        if (job.printer_id === null) return;
        void (async () => {
          const open = await meters.findOpenJobMeter(job.id);
          if (!open) return;
          const reading = await read(open);
          await meters.storeStartReading(job.id, reading.total_kwh * 1000);
        })().catch(unmeasured);
      },

      async beforeEnd(jobId: number): Promise<void> {
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
