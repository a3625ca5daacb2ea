import type { PrinterView } from '../../../shared/printers/model/printer-view';

export type BulkAction = 'turnOn' | 'turnOff';

/** Only printers able to do the chosen action can be selected (spec part 1 §4, §5). */
export function canDoBulkAction(view: PrinterView, action: BulkAction): boolean {
  return action === 'turnOn' ? view.actions.canTurnOn : view.actions.canTurnOff;
}

export function toggleSelected(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The selection that is still valid once states changed: unavailable printers drop out. */
export function keepSelectable(
  selected: ReadonlySet<number>,
  views: readonly PrinterView[],
  action: BulkAction,
): Set<number> {
  const selectable = new Set(
    views.filter((view) => canDoBulkAction(view, action)).map((view) => view.printer.id),
  );
  return new Set([...selected].filter((id) => selectable.has(id)));
}

/** Processes the selected printers one by one; a failure does not stop the others. */
export async function runOneByOne(
  ids: readonly number[],
  run: (id: number) => Promise<void>,
): Promise<{ done: number[]; failed: number[] }> {
  const done: number[] = [];
  const failed: number[] = [];
  for (const id of ids) {
    try {
      await run(id);
      done.push(id);
    } catch {
      failed.push(id);
    }
  }
  return { done, failed };
}
