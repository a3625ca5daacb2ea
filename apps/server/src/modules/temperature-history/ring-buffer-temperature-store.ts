import { DeviceRing } from './device-ring.js';
import {
  TEMPERATURE_HISTORY,
  type TemperatureHistoryStore,
  type TemperatureReading,
  type TemperatureSample,
} from './temperature-history-store.js';

/**
 * The in-process store: a bounded ring per device (device-ring.ts), so memory is bounded by
 * the device count whatever the rate of state updates (measured in docs/benchmarks.md).
 */
export class RingBufferTemperatureStore implements TemperatureHistoryStore {
  private readonly rings = new Map<number, DeviceRing>();
  /** the devices gone offline: the only ones `prune` may forget, so it visits only them */
  private readonly offline = new Set<number>();
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
    ring.setLatest(reading);
    ring.isOnline = true;
    this.offline.delete(deviceKeyId);
    if (this.isDue(ring, nowMs)) this.push(deviceKeyId, ring, nowMs);
  }

  carryForward(nowMs: number): void {
    for (const [deviceKeyId, ring] of this.rings) {
      if (ring.isOnline && this.isDue(ring, nowMs)) this.push(deviceKeyId, ring, nowMs);
    }
  }

  markOffline(deviceKeyId: number): void {
    const ring = this.rings.get(deviceKeyId);
    if (!ring) return;
    ring.isOnline = false;
    this.offline.add(deviceKeyId);
  }

  read(deviceKeyId: number, nowMs: number): TemperatureSample[] {
    return this.rings.get(deviceKeyId)?.readSince((nowMs - this.windowMs) / 1000) ?? [];
  }

  prune(nowMs: number): number {
    for (const deviceKeyId of this.offline) {
      if (nowMs - this.rings.get(deviceKeyId)!.lastSampleMs > this.windowMs) {
        this.rings.delete(deviceKeyId);
        this.offline.delete(deviceKeyId);
      }
    }
    return this.rings.size;
  }

  private push(deviceKeyId: number, ring: DeviceRing, nowMs: number): void {
    ring.push(nowMs);
    this.onSample?.(deviceKeyId, ring.latestAt(Math.floor(nowMs / 1000)));
  }

  private isDue(ring: DeviceRing, nowMs: number): boolean {
    // a little slack so a device reporting every 5 s is not sampled only every 10 s
    return nowMs - ring.lastSampleMs >= this.sampleIntervalMs * 0.9;
  }
}
