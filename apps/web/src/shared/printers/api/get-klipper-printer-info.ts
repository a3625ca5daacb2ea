import { KlipperPrinterInfoResultSchema } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export function getKlipperPrinterInfo(printerId: number, signal?: AbortSignal) {
  return apiClient.request({
    path: apiPath('/printers/{id}/klipper-printer-info/', { id: printerId }),
    schema: KlipperPrinterInfoResultSchema,
    signal,
  });
}

/** Klippy's state and message, for the printer error dialog. */
export function useKlipperPrinterInfo(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['printers', printerId, 'klipper-printer-info'],
      queryFn: ({ signal }) => getKlipperPrinterInfo(printerId, signal),
      staleTime: 0,
      retry: false,
      meta: INLINE_ERRORS,
    }),
  );
}
