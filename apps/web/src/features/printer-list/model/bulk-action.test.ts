import { describe, expect, it } from 'vitest';
import { canDoBulkAction, keepSelectable, runOneByOne, toggleSelected } from './bulk-action';
import { buildView } from '../../../../test-support/printer-fixtures';

describe('bulk action', () => {
  const readyWithRelay = buildView('READY_TO_PRINT', { relay: true, printer: { id: 1 } });
  const readyNoRelay = buildView('READY_TO_PRINT', { printer: { id: 2 } });
  const offWithRelay = buildView('PRINTER_NOT_PAIRED', { relay: true, printer: { id: 3 } });
  const offline = buildView('NOT_CONNECTED_TO_PROXY_SERVER', { relay: true, printer: { id: 4 } });

  it('lets only printers that can be turned off be selected for Turn off', () => {
    const views = [readyWithRelay, readyNoRelay, offWithRelay, offline];
    expect(views.filter((v) => canDoBulkAction(v, 'turnOff')).map((v) => v.printer.id)).toEqual([
      1,
    ]);
  });

  it('lets only unpaired online printers with a relay be selected for Turn on', () => {
    const views = [readyWithRelay, readyNoRelay, offWithRelay, offline];
    expect(views.filter((v) => canDoBulkAction(v, 'turnOn')).map((v) => v.printer.id)).toEqual([3]);
  });

  it('toggles a printer in and out of the selection', () => {
    const once = toggleSelected(new Set(), 3);
    expect([...once]).toEqual([3]);
    expect([...toggleSelected(once, 3)]).toEqual([]);
  });

  it('drops printers that stopped being selectable', () => {
    expect([...keepSelectable(new Set([1, 3]), [readyWithRelay, offWithRelay], 'turnOn')]).toEqual([
      3,
    ]);
  });

  it('processes printers one by one, going on after a failure', async () => {
    const order: string[] = [];
    const result = await runOneByOne([1, 2, 3], async (id) => {
      order.push(`start ${id}`);
      await Promise.resolve();
      order.push(`end ${id}`);
      if (id === 2) throw new Error('refused');
    });
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(result).toEqual({ done: [1, 3], failed: [2] });
  });
});
