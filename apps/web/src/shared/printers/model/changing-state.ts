import { TIMING, type PrinterState } from '@printdeck/shared';

/** When a printer was marked as changing state, and from which state. */
export interface ChangingMark {
  at: number;
  fromState: PrinterState;
}

/**
 * Connect, disconnect, emergency stop, power and print start mark a printer as changing
 * state; the mark clears when the state changes or after 15 s (spec part 1 §4).
 */
export function isStillChanging(
  mark: ChangingMark | undefined,
  currentState: PrinterState,
  nowMs: number,
): boolean {
  if (!mark) return false;
  return currentState === mark.fromState && nowMs - mark.at < TIMING.changingStateExpiryMs;
}
