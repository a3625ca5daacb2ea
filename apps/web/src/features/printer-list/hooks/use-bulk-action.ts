import { useCallback, useMemo, useState } from 'react';
import {
  canDoBulkAction,
  keepSelectable,
  runOneByOne,
  toggleSelected,
  type BulkAction,
} from '../model/bulk-action';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import type { CardSelection } from '../components/PrinterCard';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';

/** The bulk action's choice, selection, and its one-by-one sending (spec part 1 §4). */
export function useBulkAction(views: ReadonlyMap<number, PrinterView>) {
  const [action, setAction] = useState<BulkAction | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isSending, setSending] = useState(false);
  const commands = usePrinterCommands();
  const all = useMemo(() => [...views.values()], [views]);

  const valid = useMemo(
    () => (action ? keepSelectable(selected, all, action) : new Set<number>()),
    [action, selected, all],
  );
  const onToggle = useCallback((id: number) => setSelected((now) => toggleSelected(now, id)), []);

  const getSelection = (view: PrinterView): CardSelection | undefined =>
    action
      ? {
          isSelectable: canDoBulkAction(view, action),
          isSelected: valid.has(view.printer.id),
          onToggle,
        }
      : undefined;

  const reset = () => {
    setAction(null);
    setSelected(new Set());
  };

  const send = async () => {
    if (!action) return;
    const isOn = action === 'turnOn';
    const targets = [...valid].flatMap((id) => views.get(id) ?? []);
    setSending(true);
    await runOneByOne(
      targets.map((view) => view.printer.id),
      (id) =>
        commands.setPower(
          targets.find((view) => view.printer.id === id)!,
          isOn,
        ),
    );
    setSending(false);
    reset();
  };

  return {
    action,
    choose: (next: BulkAction) => {
      setAction(next);
      setSelected(new Set());
    },
    cancel: reset,
    send,
    isSending,
    selectedCount: valid.size,
    selectableCount: action ? all.filter((view) => canDoBulkAction(view, action)).length : 0,
    getSelection,
  };
}
