import { ALL_PRINTERS_GROUP_ID, type PrinterGroup } from '@printdeck/shared';

export type SectionId = number | typeof ALL_PRINTERS_GROUP_ID;

export interface PrinterSection {
  id: SectionId;
  /** null for the synthetic group: its name comes from a translation */
  name: string | null;
  isSynthetic: boolean;
  printerIds: number[];
}

export interface PrinterSections {
  /** no real groups: one section without a header */
  isSimpleView: boolean;
  sections: PrinterSection[];
}

/**
 * Printers in their printer groups, and those in none in the synthetic ALL-PRINTERS group
 * (spec part 1 §2 "Printers list"). The synthetic group comes first.
 */
export function buildPrinterSections(
  groups: readonly PrinterGroup[],
  printerIds: readonly number[],
): PrinterSections {
  const known = new Set(printerIds);
  const grouped = new Set<number>();
  const real = groups.map((group) => {
    const ids = group.printers.map((printer) => printer.id).filter((id) => known.has(id));
    ids.forEach((id) => grouped.add(id));
    return { id: group.id, name: group.name, isSynthetic: false, printerIds: ids };
  });
  const synthetic: PrinterSection = {
    id: ALL_PRINTERS_GROUP_ID,
    name: null,
    isSynthetic: true,
    printerIds: printerIds.filter((id) => !grouped.has(id)),
  };
  return { isSimpleView: groups.length === 0, sections: [synthetic, ...real] };
}

export type DropAction =
  | { kind: 'none' }
  | { kind: 'move'; groupId: number; printerId: number }
  | { kind: 'remove'; groupId: number; printerId: number };

/**
 * Dropping on another group moves the printer there; on the synthetic group it leaves its
 * group; on the same group nothing happens.
 */
export function getDropAction(input: {
  printerId: number;
  from: SectionId;
  to: SectionId;
}): DropAction {
  const { printerId, from, to } = input;
  if (from === to) return { kind: 'none' };
  if (to === ALL_PRINTERS_GROUP_ID) {
    return from === ALL_PRINTERS_GROUP_ID
      ? { kind: 'none' }
      : { kind: 'remove', groupId: from, printerId };
  }
  return { kind: 'move', groupId: to, printerId };
}

/** The groups as they are after a drop, for an optimistic update of the list. */
export function applyDropAction(groups: PrinterGroup[], action: DropAction): PrinterGroup[] {
  if (action.kind === 'none') return groups;
  return groups.map((group) => {
    const others = group.printers.filter((printer) => printer.id !== action.printerId);
    if (action.kind === 'move' && group.id === action.groupId) {
      return { ...group, printers: [...others, { id: action.printerId }] };
    }
    return others.length === group.printers.length ? group : { ...group, printers: others };
  });
}
