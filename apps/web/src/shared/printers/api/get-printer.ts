import { PrinterSchema, type Printer } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const printerQueryKey = (printerId: number) => ['printers', printerId] as const;

export function getPrinter(printerId: number, signal?: AbortSignal): Promise<Printer> {
  return apiClient.request({
    path: apiPath('/printers/{id}/', { id: printerId }),
    schema: PrinterSchema,
    signal,
  });
}

/** The detail page explains a missing printer itself (notification, then Printers). */
export function getPrinterQueryOptions(printerId: number) {
  return queryOptions({
    queryKey: printerQueryKey(printerId),
    queryFn: ({ signal }) => getPrinter(printerId, signal),
    enabled: Number.isInteger(printerId) && printerId > 0,
    retry: false,
    meta: INLINE_ERRORS,
  });
}

export function usePrinter(printerId: number) {
  return useQuery(getPrinterQueryOptions(printerId));
}
