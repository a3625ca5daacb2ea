import { KlipperMacrosResultSchema } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export function getKlipperMacros(printerId: number, signal?: AbortSignal) {
  return apiClient.request({
    path: apiPath('/printers/{id}/klipper-macros/', { id: printerId }),
    schema: KlipperMacrosResultSchema,
    signal,
  });
}

export function useKlipperMacros(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['printers', printerId, 'klipper-macros'],
      queryFn: ({ signal }) => getKlipperMacros(printerId, signal),
      retry: false,
      meta: INLINE_ERRORS,
    }),
  );
}
