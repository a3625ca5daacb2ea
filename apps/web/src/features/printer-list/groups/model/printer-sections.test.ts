import { describe, expect, it } from 'vitest';
import { applyDropAction, buildPrinterSections, getDropAction } from './printer-sections';

const groups = [
  { id: 10, name: 'Left', printers: [{ id: 1 }, { id: 99 }] },
  { id: 20, name: 'Right', printers: [{ id: 2 }] },
];

describe('printer sections', () => {
  it('shows every printer in the synthetic group, without a header, when no groups exist', () => {
    expect(buildPrinterSections([], [1, 2, 3])).toEqual({
      isSimpleView: true,
      sections: [{ id: 'ALL-PRINTERS', name: null, isSynthetic: true, printerIds: [1, 2, 3] }],
    });
  });

  it('puts printers in their groups and the rest in ALL-PRINTERS first', () => {
    const { isSimpleView, sections } = buildPrinterSections(groups, [1, 2, 3]);
    expect(isSimpleView).toBe(false);
    expect(sections.map((s) => [s.id, s.printerIds])).toEqual([
      ['ALL-PRINTERS', [3]],
      [10, [1]],
      [20, [2]],
    ]);
  });

  it('keeps empty groups, for the empty-group hint', () => {
    const { sections } = buildPrinterSections([{ id: 30, name: 'Empty', printers: [] }], [1]);
    expect(sections[1]).toMatchObject({ id: 30, printerIds: [] });
  });
});

describe('drag and drop', () => {
  it('does nothing on the same group', () => {
    expect(getDropAction({ printerId: 1, from: 10, to: 10 })).toEqual({ kind: 'none' });
    expect(getDropAction({ printerId: 1, from: 'ALL-PRINTERS', to: 'ALL-PRINTERS' })).toEqual({
      kind: 'none',
    });
  });

  it('moves the printer into another group', () => {
    expect(getDropAction({ printerId: 1, from: 10, to: 20 })).toEqual({
      kind: 'move',
      groupId: 20,
      printerId: 1,
    });
    expect(getDropAction({ printerId: 3, from: 'ALL-PRINTERS', to: 20 })).toEqual({
      kind: 'move',
      groupId: 20,
      printerId: 3,
    });
  });

  it('removes the printer from its group when dropped on ALL-PRINTERS', () => {
    expect(getDropAction({ printerId: 1, from: 10, to: 'ALL-PRINTERS' })).toEqual({
      kind: 'remove',
      groupId: 10,
      printerId: 1,
    });
  });

  it('updates the groups as the server will', () => {
    const moved = applyDropAction(groups, { kind: 'move', groupId: 20, printerId: 1 });
    expect(moved.map((g) => g.printers.map((p) => p.id))).toEqual([[99], [2, 1]]);
    const removed = applyDropAction(groups, { kind: 'remove', groupId: 20, printerId: 2 });
    expect(removed.map((g) => g.printers.map((p) => p.id))).toEqual([[1, 99], []]);
    expect(applyDropAction(groups, { kind: 'none' })).toBe(groups);
  });
});
