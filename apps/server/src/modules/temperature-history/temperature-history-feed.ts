import type { DeviceState } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { PresenceChange } from '../../gateway/live-devices.js';
import {
  TEMPERATURE_HISTORY,
  type TemperatureHistoryStore,
  type TemperatureReading,
} from './temperature-history-store.js';

export function readTemperatures(state: DeviceState): TemperatureReading {
  const { tool0, bed } = state.temperature;
  return {
    nozzleActual: tool0?.actual ?? null,
    nozzleTarget: tool0?.target ?? null,
    bedActual: bed?.actual ?? null,
    bedTarget: bed?.target ?? null,
  };
}

/**
 * Feeds the store from the states the gateway already receives (snapshots and patches; the
 * event wiring registers `recordState` and `recordPresence`), and once per interval repeats the
 * last reading of connected devices that had nothing new to say (`startSampling`, which
 * returns the stop function).
 */
export function feedTemperatureHistory(deps: { store: TemperatureHistoryStore; clock: Clock }) {
  const { store, clock } = deps;
  const nowMs = () => clock.now().getTime();
  return {
    recordState(deviceKeyId: number, state: DeviceState): void {
      store.record(deviceKeyId, readTemperatures(state), nowMs());
    },
    recordPresence(deviceKeyId: number, change: PresenceChange): void {
      if (change.kind === 'snapshot')
        store.record(deviceKeyId, readTemperatures(change.state), nowMs());
      else store.markOffline(deviceKeyId);
    },
    startSampling(): () => void {
      const timer = setInterval(() => {
        store.carryForward(nowMs());
        store.prune(nowMs());
      }, TEMPERATURE_HISTORY.sampleIntervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
