import type { TemperatureHistory } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import { RingBufferTemperatureStore } from './ring-buffer-temperature-store.js';
import { feedTemperatureHistory } from './temperature-history-feed.js';
import { TEMPERATURE_HISTORY, type TemperatureHistoryStore } from './temperature-history-store.js';

/** The printer detail's temperature graph: the last 30 minutes of a printer the caller may see. */
export function createTemperatureHistoryService(deps: {
  getPrinterForUser: GetPrinterForUser;
  clock: Clock;
  store?: TemperatureHistoryStore;
}) {
  const { getPrinterForUser, clock } = deps;
  const store = deps.store ?? new RingBufferTemperatureStore();
  return {
    /** what the gateway's state updates feed (wired in composition/event-wiring.ts) */
    feed: feedTemperatureHistory({ store, clock }),

    async getHistory(userId: number, printerId: number): Promise<TemperatureHistory> {
      const printer = await getPrinterForUser(userId, printerId, 'VIEW_GROUP');
      const samples = await store.read(printer.device_key_id, clock.now().getTime());
      return {
        interval_seconds: TEMPERATURE_HISTORY.sampleIntervalMs / 1000,
        window_seconds: TEMPERATURE_HISTORY.windowMs / 1000,
        samples: samples.map((sample) => ({
          time: new Date(sample.at).toISOString(),
          nozzle_actual: sample.nozzleActual,
          nozzle_target: sample.nozzleTarget,
          bed_actual: sample.bedActual,
          bed_target: sample.bedTarget,
        })),
      };
    },
  };
}

export type TemperatureHistoryService = ReturnType<typeof createTemperatureHistoryService>;
