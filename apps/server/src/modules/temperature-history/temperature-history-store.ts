/** One moment of a printer's heaters, °C; null where the device did not report the heater. */
export interface TemperatureReading {
  nozzleActual: number | null;
  nozzleTarget: number | null;
  bedActual: number | null;
  bedTarget: number | null;
}

export interface TemperatureSample extends TemperatureReading {
  /** ms since epoch */
  at: number;
}

/**
 * The recent temperatures of each device. The gateway's state updates feed it; the printer
 * detail reads it. Behind this interface so the store can move (to Redis, with the live state)
 * without the feed or the routes changing.
 */
export interface TemperatureHistoryStore {
  /** The device reported this reading now; a sample is kept at most once per interval. */
  record(deviceKeyId: number, reading: TemperatureReading, nowMs: number): void;
  /** Repeats the last reading of every connected device whose next sample is due (no news = same temperatures). */
  carryForward(nowMs: number): void;
  /** The device went offline: no more samples until it reports again. */
  markOffline(deviceKeyId: number): void;
  /** The samples of the last window, oldest first (from Redis when the store is shared). */
  read(deviceKeyId: number, nowMs: number): TemperatureSample[] | Promise<TemperatureSample[]>;
  /** Forgets devices with nothing in the window; returns how many are kept. */
  prune(nowMs: number): number;
}

export const TEMPERATURE_HISTORY = {
  /** one sample per device every 5 s … */
  sampleIntervalMs: 5_000,
  /** … for the last 30 minutes */
  windowMs: 30 * 60_000,
} as const;
