import { LocalFileSchema } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export const localFilesQueryKey = (printerId: number) => ['printers', printerId, 'files'] as const;

export function getLocalFiles(printerId: number, signal?: AbortSignal) {
  return apiClient.request({
    path: apiPath('/printers/{id}/files/', { id: printerId }),
    schema: z.array(LocalFileSchema),
    signal,
  });
}

/** The files stored on the printer itself; the tab shows a failure in place. */
export function useLocalFiles(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: localFilesQueryKey(printerId),
      queryFn: ({ signal }) => getLocalFiles(printerId, signal),
      retry: false,
      meta: INLINE_ERRORS,
    }),
  );
}
