import {
  TEMPERATURE_HISTORY,
  type TemperatureHistoryStore,
  type TemperatureReading,
  type TemperatureSample,
} from './temperature-history-store.js';

/** Tenths of a degree in an Int16: -3276.7 … 3276.7 °C, far beyond any heater. */
const MISSING = -32768;
const FIELDS = 4;

function encode(value: number | null): number {
  if (value === null || !Number.isFinite(value)) return MISSING;
  return Math.max(-32767, Math.min(32767, Math.round(value * 10)));
}

function decode(value: number): number | null {
  return value === MISSING ? null : value / 10;
}

/** One device's samples in typed arrays: about 4.3 kB for 360 samples, however long it runs. */
class DeviceRing {
  readonly seconds: Uint32Array;
  readonly values: Int16Array;
  readonly latest = new Int16Array(FIELDS);
  next = 0;
  size = 0;
  lastSampleMs = -Infinity;
  isOnline = true;

  constructor(readonly capacity: number) {
    this.seconds = new Uint32Array(capacity);
    this.values = new Int16Array(capacity * FIELDS);
  }

  push(nowMs: number): void {
    this.seconds[this.next] = Math.floor(nowMs / 1000);
    this.values.set(this.latest, this.next * FIELDS);
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
    this.lastSampleMs = nowMs;
  }
}

/**
 * The in-process store: a fixed ring per device, so memory is bounded by the device count
 * whatever the rate of state updates (measured in docs/benchmarks.md).
 */
export class RingBufferTemperatureStore implements TemperatureHistoryStore {
  private readonly rings = new Map<number, DeviceRing>();
  private readonly capacity: number;

  constructor(
    private readonly sampleIntervalMs: number = TEMPERATURE_HISTORY.sampleIntervalMs,
    private readonly windowMs: number = TEMPERATURE_HISTORY.windowMs,
    /** told each sample as it is kept (the Redis store copies them to the shared list) */
    private readonly onSample?: (deviceKeyId: number, sample: TemperatureSample) => void,
  ) {
    this.capacity = Math.ceil(windowMs / sampleIntervalMs);
  }

  record(deviceKeyId: number, reading: TemperatureReading, nowMs: number): void {
    let ring = this.rings.get(deviceKeyId);
    if (!ring) {
      ring = new DeviceRing(this.capacity);
      this.rings.set(deviceKeyId, ring);
    }
    ring.latest[0] = encode(reading.nozzleActual);
    ring.latest[1] = encode(reading.nozzleTarget);
    ring.latest[2] = encode(reading.bedActual);
    ring.latest[3] = encode(reading.bedTarget);
    ring.isOnline = true;
    if (this.isDue(ring, nowMs)) this.push(deviceKeyId, ring, nowMs);
  }

  carryForward(nowMs: number): void {
    for (const [deviceKeyId, ring] of this.rings) {
      if (ring.isOnline && this.isDue(ring, nowMs)) this.push(deviceKeyId, ring, nowMs);
    }
  }

  markOffline(deviceKeyId: number): void {
    const ring = this.rings.get(deviceKeyId);
    if (ring) ring.isOnline = false;
  }

  read(deviceKeyId: number, nowMs: number): TemperatureSample[] {
    const ring = this.rings.get(deviceKeyId);
    if (!ring) return [];
    const oldestSecond = (nowMs - this.windowMs) / 1000;
    const samples: TemperatureSample[] = [];
    for (let i = 0; i < ring.size; i += 1) {
      const slot = (ring.next - ring.size + i + ring.capacity) % ring.capacity;
      const second = ring.seconds[slot]!;
      if (second < oldestSecond) continue;
      const base = slot * FIELDS;
      samples.push({
        at: second * 1000,
        nozzleActual: decode(ring.values[base]!),
        nozzleTarget: decode(ring.values[base + 1]!),
        bedActual: decode(ring.values[base + 2]!),
        bedTarget: decode(ring.values[base + 3]!),
      });
    }
    return samples;
  }

  prune(nowMs: number): number {
    for (const [deviceKeyId, ring] of this.rings) {
      if (!ring.isOnline && nowMs - ring.lastSampleMs > this.windowMs) {
        this.rings.delete(deviceKeyId);
      }
    }
    return this.rings.size;
  }

  private push(deviceKeyId: number, ring: DeviceRing, nowMs: number): void {
    ring.push(nowMs);
    if (!this.onSample) return;
    const latest = ring.latest;
    this.onSample(deviceKeyId, {
      at: Math.floor(nowMs / 1000) * 1000,
      nozzleActual: decode(latest[0]!),
      nozzleTarget: decode(latest[1]!),
      bedActual: decode(latest[2]!),
      bedTarget: decode(latest[3]!),
    });
  }

  private isDue(ring: DeviceRing, nowMs: number): boolean {
    // a little slack so a device reporting every 5 s is not sampled only every 10 s
    return nowMs - ring.lastSampleMs >= this.sampleIntervalMs * 0.9;
  }
}
