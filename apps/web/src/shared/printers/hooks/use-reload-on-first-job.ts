import type { Printer, PrinterDeviceState } from '@printdeck/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

interface ShownPrinter {
  printer: Printer;
  device: PrinterDeviceState | undefined;
}

/**
 * A printer's first job makes Re-print possible (`has_printed`), but the printer data a start
 * reloads is read before the printer reports the job: once a state shows a job of a printer the
 * data says never printed, `queryKey` is read again, once per printer.
 */
export function useReloadOnFirstJob(queryKey: QueryKey, shown: Iterable<ShownPrinter>) {
  const queryClient = useQueryClient();
  const reloadedFor = useRef(new Set<number>());
  const firstJobIds = [...shown]
    .filter(({ printer, device }) => !printer.has_printed && device?.print_job != null)
    .map(({ printer }) => printer.id)
    .filter((id) => !reloadedFor.current.has(id));
  const firstJobs = firstJobIds.join(',');
  useEffect(() => {
    if (firstJobs === '') return;
    firstJobs.split(',').forEach((id) => reloadedFor.current.add(Number(id)));
    void queryClient.invalidateQueries({ queryKey });
    // a new key array each render: the ids already reloaded keep this from reading twice
  }, [firstJobs, queryClient, queryKey]);
}
