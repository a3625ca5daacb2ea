import { describe, expect, it } from 'vitest';
import { RingBufferTemperatureStore } from './ring-buffer-temperature-store.js';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const reading = (nozzle: number, bed: number | null = 60) => ({
  nozzleActual: nozzle,
  nozzleTarget: 215,
  bedActual: bed,
  bedTarget: bed === null ? null : 60,
});

describe('ring buffer temperature store', () => {
  it('keeps one sample per interval, oldest first, to a tenth of a degree', () => {
    const store = new RingBufferTemperatureStore(5000, 60_000);
    store.record(1, reading(20.04), T0);
    store.record(1, reading(25), T0 + 1000); // within the interval: only the latest value moves
    store.record(1, reading(30.26, null), T0 + 5000);
    expect(store.read(1, T0 + 5000)).toEqual([
      { at: T0, nozzleActual: 20, nozzleTarget: 215, bedActual: 60, bedTarget: 60 },
      { at: T0 + 5000, nozzleActual: 30.3, nozzleTarget: 215, bedActual: null, bedTarget: null },
    ]);
    expect(store.read(2, T0)).toEqual([]);
  });

  it('is bounded: a window of 60 s at 5 s holds 12 samples however long it runs', () => {
    const store = new RingBufferTemperatureStore(5000, 60_000);
    for (let i = 0; i < 1000; i += 1) store.record(7, reading(i), T0 + i * 5000);
    const now = T0 + 999 * 5000;
    const samples = store.read(7, now);
    expect(samples).toHaveLength(12);
    expect(samples[0]!.nozzleActual).toBe(988);
    expect(samples.at(-1)!.nozzleActual).toBe(999);
    expect(samples.every((s) => s.at >= now - 60_000)).toBe(true);
  });

  it('repeats the last reading of an online device, not of an offline one, and forgets it later', () => {
    const store = new RingBufferTemperatureStore(5000, 60_000);
    store.record(1, reading(200), T0);
    store.record(2, reading(100), T0);
    store.markOffline(2);
    store.carryForward(T0 + 5000);
    store.carryForward(T0 + 6000); // not due yet
    expect(store.read(1, T0 + 6000).map((s) => s.at)).toEqual([T0, T0 + 5000]);
    expect(store.read(2, T0 + 6000).map((s) => s.at)).toEqual([T0]);
    expect(store.prune(T0 + 61_000)).toBe(1);
    expect(store.read(2, T0 + 61_000)).toEqual([]);
    // samples older than the window are not answered even before they are overwritten
    expect(store.read(1, T0 + 64_000).map((s) => s.at)).toEqual([T0 + 5000]);
  });
});
