import { describe, expect, it } from 'vitest';
import { getDialogStage, queuePrinterChoices } from './queue-dialog';
import { BOX_ACTIONS, moveId } from './queue-boxes';
import { buildPrinter } from '../../../../test-support/printer-fixtures';

describe('the queue page', () => {
  it('offers the spec’s buttons by box: print and edit only while queued', () => {
    expect(BOX_ACTIONS.queue).toEqual(['print', 'edit', 'duplicate', 'remove']);
    expect(BOX_ACTIONS.printing).not.toContain('remove');
    expect(BOX_ACTIONS.printed).toContain('archive');
    expect(BOX_ACTIONS.archive).not.toContain('archive');
  });

  it('moves a dropped item to the place of the one it was dropped on', () => {
    expect(moveId([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(moveId([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(moveId([1, 2, 3], 2, 2)).toEqual([1, 2, 3]);
    expect(moveId([1, 2, 3], 9, 2)).toEqual([1, 2, 3]);
  });
});

describe('the item dialog', () => {
  it('goes loading → opened → saving → saved', () => {
    expect(getDialogStage({ isLoading: true, isSaving: false, isSaved: false })).toBe('loading');
    expect(getDialogStage({ isLoading: false, isSaving: false, isSaved: false })).toBe('opened');
    expect(getDialogStage({ isLoading: false, isSaving: true, isSaved: false })).toBe('saving');
    expect(getDialogStage({ isLoading: false, isSaving: false, isSaved: true })).toBe('saved');
  });

  it('offers only enabled printers, keeping the one the item already has', () => {
    const on = buildPrinter({ id: 1, enabled: true });
    const off = buildPrinter({ id: 2, enabled: false });
    expect(queuePrinterChoices([on, off], null).map((p) => p.id)).toEqual([1]);
    expect(queuePrinterChoices([on, off], 2).map((p) => p.id)).toEqual([1, 2]);
  });
});
