import type { Redis } from 'ioredis';
import { RingBufferTemperatureStore } from './ring-buffer-temperature-store.js';
import {
  TEMPERATURE_HISTORY,
  type TemperatureHistoryStore,
  type TemperatureReading,
  type TemperatureSample,
} from './temperature-history-store.js';

const FIELDS = ['nozzleActual', 'nozzleTarget', 'bedActual', 'bedTarget'] as const;

/** `<unix second>,<tenths>,…` with an empty field for a heater the device did not report. */
function encodeSample(sample: TemperatureSample): string {
  const values = FIELDS.map((field) => {
    const value = sample[field];
    return value === null ? '' : String(Math.round(value * 10));
  });
  return [Math.floor(sample.at / 1000), ...values].join(',');
}

function decodeSample(text: string): TemperatureSample | null {
  const [second, ...values] = text.split(',');
  if (!second || values.length !== FIELDS.length) return null;
  const sample = { at: Number(second) * 1000 } as TemperatureSample;
  FIELDS.forEach((field, i) => {
    sample[field] = values[i] === '' ? null : Number(values[i]) / 10;
  });
  return Number.isFinite(sample.at) ? sample : null;
}

/**
 * The history every instance reads (REDIS_URL): the instance holding a device's socket samples
 * it in its own ring (which decides when a sample is due) and appends each sample to the
 * device's list in Redis, trimmed to the window's sample count and expiring with the window.
 * Any instance answers the graph from that list. While Redis is unreachable an instance
 * answers from its own ring (the printers it holds) and the writes of that time are lost.
 */
export class RedisTemperatureStore implements TemperatureHistoryStore {
  private readonly local: RingBufferTemperatureStore;
  private readonly capacity: number;
  private pending: Array<{ deviceKeyId: number; text: string }> = [];
  private isFlushScheduled = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly sampleIntervalMs: number = TEMPERATURE_HISTORY.sampleIntervalMs,
    private readonly windowMs: number = TEMPERATURE_HISTORY.windowMs,
  ) {
    this.capacity = Math.ceil(windowMs / sampleIntervalMs);
    this.local = new RingBufferTemperatureStore(sampleIntervalMs, windowMs, (id, sample) =>
      this.append(id, sample),
    );
  }

  record(deviceKeyId: number, reading: TemperatureReading, nowMs: number): void {
    this.local.record(deviceKeyId, reading, nowMs);
  }

  carryForward(nowMs: number): void {
    this.local.carryForward(nowMs);
  }

  markOffline(deviceKeyId: number): void {
    this.local.markOffline(deviceKeyId);
  }

  prune(nowMs: number): number {
    return this.local.prune(nowMs);
  }

  async read(deviceKeyId: number, nowMs: number): Promise<TemperatureSample[]> {
    let texts: string[];
    try {
      texts = await this.redis.lrange(this.key(deviceKeyId), 0, -1);
    } catch {
      return this.local.read(deviceKeyId, nowMs);
    }
    const oldest = nowMs - this.windowMs;
    return texts
      .map(decodeSample)
      .filter((sample): sample is TemperatureSample => sample !== null && sample.at >= oldest)
      .sort((x, y) => x.at - y.at);
  }

  /** Samples of one tick go to Redis in one round trip (5,000 printers: 1,000 a second). */
  private append(deviceKeyId: number, sample: TemperatureSample): void {
    this.pending.push({ deviceKeyId, text: encodeSample(sample) });
    if (this.isFlushScheduled) return;
    this.isFlushScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.isFlushScheduled = false;
    if (this.redis.status !== 'ready') return;
    const pipeline = this.redis.pipeline();
    for (const { deviceKeyId, text } of batch) {
      const key = this.key(deviceKeyId);
      pipeline.rpush(key, text).ltrim(key, -this.capacity, -1).pexpire(key, this.windowMs);
    }
    await pipeline.exec().catch(() => undefined);
  }

  private key(deviceKeyId: number): string {
    return `${this.prefix}temperatures:${deviceKeyId}`;
  }
}
