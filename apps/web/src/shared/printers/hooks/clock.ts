import { TIMING } from '@printdeck/shared';
import { useSyncExternalStore } from 'react';

/**
 * One shared 500 ms tick (spec §9 "State refresh tick") for every spinner on the page:
 * components select a value from the time and re-render only when that value changes.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function tick(): void {
  now = Date.now();
  listeners.forEach((listener) => listener());
}

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(tick, TIMING.stateRefreshTickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function getClockNow(): number {
  return now;
}

export function useClock<T>(select: (nowMs: number) => T): T {
  return useSyncExternalStore(subscribeClock, () => select(now));
}
