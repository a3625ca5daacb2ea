import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RetryTimer, SERVER_BACKOFF } from './backoff.js';

describe('backoffDelay: capped exponential backoff with full jitter', () => {
  it('doubles the ceiling per attempt from the initial delay', () => {
    const top = () => 0.999_999;
    expect([0, 1, 2, 3, 4].map((n) => backoffDelay(n, SERVER_BACKOFF, top))).toEqual([
      999, 1999, 3999, 7999, 15_999,
    ]);
  });

  it('never goes above the cap, however many attempts', () => {
    for (const attempt of [6, 7, 20, 1000, Number.MAX_SAFE_INTEGER]) {
      expect(backoffDelay(attempt, SERVER_BACKOFF, () => 0.999_999)).toBeLessThan(60_000);
    }
  });

  it('spreads delays over the whole range below the ceiling (full jitter)', () => {
    expect(backoffDelay(3, SERVER_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelay(3, SERVER_BACKOFF, () => 0.5)).toBe(4000);
    const samples = Array.from({ length: 500 }, () => backoffDelay(2, SERVER_BACKOFF));
    expect(Math.min(...samples)).toBeLessThan(1000);
    expect(Math.max(...samples)).toBeGreaterThan(3000);
    expect(samples.every((ms) => ms >= 0 && ms < 4000)).toBe(true);
  });

  it('treats a negative or fractional attempt as the first ones', () => {
    expect(backoffDelay(-3, SERVER_BACKOFF, () => 0.5)).toBe(500);
    expect(backoffDelay(1.7, SERVER_BACKOFF, () => 0.5)).toBe(1000);
  });
});

describe('RetryTimer', () => {
  afterEach(() => vi.useRealTimers());

  it('grows the delay per retry and starts again after reset', () => {
    vi.useFakeTimers();
    const timer = new RetryTimer({ initialMs: 100, maxMs: 1000 }, () => 0.5);
    const runs: number[] = [];
    expect(timer.schedule(() => runs.push(1))).toBe(50);
    expect(timer.schedule(() => runs.push(2))).toBe(100);
    vi.advanceTimersByTime(100);
    expect(runs).toEqual([2]); // scheduling again replaced the first retry
    expect(timer.schedule(() => runs.push(3))).toBe(200);
    timer.reset();
    expect(timer.schedule(() => runs.push(4))).toBe(50);
    timer.cancel();
    vi.advanceTimersByTime(10_000);
    expect(runs).toEqual([2]);
    expect(timer.isScheduled).toBe(false);
  });
});
