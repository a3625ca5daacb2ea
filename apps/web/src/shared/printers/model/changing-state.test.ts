import { describe, expect, it } from 'vitest';
import { isStillChanging } from './changing-state';

describe('changing-state flag', () => {
  const mark = { at: 1000, fromState: 'PRINTER_NOT_PAIRED' } as const;

  it('is off without a mark', () => {
    expect(isStillChanging(undefined, 'READY_TO_PRINT', 0)).toBe(false);
  });

  it('stays while the state is the same, for less than 15 s', () => {
    expect(isStillChanging(mark, 'PRINTER_NOT_PAIRED', 15_999)).toBe(true);
  });

  it('clears after 15 s', () => {
    expect(isStillChanging(mark, 'PRINTER_NOT_PAIRED', 16_000)).toBe(false);
  });

  it('clears when the state changes', () => {
    expect(isStillChanging(mark, 'READY_TO_PRINT', 2000)).toBe(false);
  });
});
