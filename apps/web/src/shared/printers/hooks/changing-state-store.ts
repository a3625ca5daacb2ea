import type { PrinterState } from '@printdeck/shared';
import { useSyncExternalStore } from 'react';
import { isStillChanging, type ChangingMark } from '../model/changing-state';
import { getClockNow, subscribeClock } from './clock';

const marks = new Map<number, ChangingMark>();
const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** Marks a printer as changing state from the state it shows now. */
export function markChangingState(printerId: number, fromState: PrinterState): void {
  marks.set(printerId, { at: Date.now(), fromState });
  notify();
}

/** A command that failed changes nothing: the spinner stops at once. */
export function clearChangingState(printerId: number): void {
  if (marks.delete(printerId)) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribeClock = subscribeClock(listener);
  return () => {
    listeners.delete(listener);
    unsubscribeClock();
  };
}

/** True from the mark until the state changes or 15 s pass. */
export function useIsChangingState(printerId: number, currentState: PrinterState): boolean {
  return useSyncExternalStore(subscribe, () =>
    isStillChanging(marks.get(printerId), currentState, Math.max(getClockNow(), Date.now())),
  );
}
