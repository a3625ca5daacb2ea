import type { PrinterDeviceState } from '@printdeck/shared';
import { useMemo, useRef } from 'react';
import { useDeviceStates } from '../api/get-device-states';
import { printersQueryKey, usePrinters } from '../api/get-printers';
import { buildPrinterView, type PrinterView } from '../model/printer-view';
import { useReloadOnFirstJob } from './use-reload-on-first-job';

/**
 * The workspace's printers with their live state, polled every 2 s. A view keeps its identity
 * while neither its printer nor its device row changed, so unchanged cards do not re-render.
 */
export function usePrinterViews(workspaceId: number) {
  const printers = usePrinters(workspaceId);
  const states = useDeviceStates(workspaceId);
  const cache = useRef(new Map<number, PrinterView>());

  const views = useMemo(() => {
    const byPrinter = new Map<number, PrinterDeviceState>(
      (states.data ?? []).map((state) => [state.printer_id, state]),
    );
    const next = new Map<number, PrinterView>();
    for (const printer of printers.data ?? []) {
      const device = byPrinter.get(printer.id);
      const previous = cache.current.get(printer.id);
      const isSame = previous && previous.printer === printer && previous.device === device;
      next.set(printer.id, isSame ? previous : buildPrinterView(printer, device));
    }
    cache.current = next;
    return next;
  }, [printers.data, states.data]);
  useReloadOnFirstJob(printersQueryKey(workspaceId), views.values());

  return {
    views,
    printers: printers.data,
    isLoading: printers.isPending,
    error: printers.error,
  };
}
