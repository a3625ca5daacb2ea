import { describe, expect, it } from 'vitest';
import { DeviceRing } from './device-ring.js';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A distinct reading per sample in tenths, every sign and the limits exercised (and nulls). */
const readingOf = (i: number) => ({
  nozzleActual: i % 7 === 0 ? null : (200 + i) / 10,
  nozzleTarget: -((i % 300) + 1) / 10,
  bedActual: (32767 - i) / 10,
  bedTarget: i % 2 === 0 ? null : -3276.7,
});

function pushSamples(ring: DeviceRing, from: number, count: number): void {
  for (let i = from; i < from + count; i += 1) {
    ring.setLatest(readingOf(i));
    ring.push(T0 + i * 5000);
  }
}

const expected = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => ({
    at: T0 + (from + k) * 5000,
    ...readingOf(from + k),
  }));

describe('device ring', () => {
  it('starts small and grows as it fills, reading back every sample in order', () => {
    const ring = new DeviceRing(360);
    expect(ring.slots()).toBe(16);
    pushSamples(ring, 0, 16);
    expect(ring.slots()).toBe(16);
    pushSamples(ring, 16, 1);
    expect(ring.slots()).toBe(32);
    pushSamples(ring, 17, 200);
    expect(ring.slots()).toBe(256);
    expect(ring.readSince(0)).toEqual(expected(0, 217));
  });

  it('stops growing at its capacity and then overwrites the oldest', () => {
    const ring = new DeviceRing(360);
    pushSamples(ring, 0, 1000);
    expect(ring.slots()).toBe(360);
    expect(ring.size).toBe(360);
    expect(ring.readSince(0)).toEqual(expected(640, 1000));
  });

  it('answers only the samples since the given second', () => {
    const ring = new DeviceRing(12);
    pushSamples(ring, 0, 30);
    expect(ring.slots()).toBe(12);
    expect(ring.readSince((T0 + 25 * 5000) / 1000)).toEqual(expected(25, 30));
  });

  it('gives the latest reading as a sample of any second', () => {
    const ring = new DeviceRing(360);
    ring.setLatest(readingOf(3));
    expect(ring.latestAt(T0 / 1000)).toEqual({ at: T0, ...readingOf(3) });
    expect(ring.readSince(0)).toEqual([]);
  });
});
