import type { PrintQueueBox, PrintQueueItem } from '@printdeck/shared';

export type QueueItemAction = 'print' | 'edit' | 'duplicate' | 'archive' | 'printAgain' | 'remove';

/** The buttons of an item in each box (spec part 2 §2.7 and §4.1). */
export const BOX_ACTIONS: Readonly<Record<PrintQueueBox, readonly QueueItemAction[]>> = {
  queue: ['print', 'edit', 'duplicate', 'remove'],
  printing: ['duplicate'],
  printed: ['archive', 'printAgain', 'duplicate', 'remove'],
  archive: ['printAgain', 'duplicate', 'remove'],
};

/** The four boxes in page order, each with its items as the server ordered them. */
export function splitIntoBoxes(items: readonly PrintQueueItem[]) {
  const boxes: Record<PrintQueueBox, PrintQueueItem[]> = {
    queue: [],
    printing: [],
    printed: [],
    archive: [],
  };
  for (const item of items) boxes[item.box].push(item);
  return boxes;
}

/** Moves one id to where another was, as a drop in the Queue box does. */
export function moveId(ids: readonly number[], activeId: number, overId: number): number[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}
