import { PrinterSpoolSchema, type PrinterSpool } from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { BACKGROUND_ERRORS, INLINE_ERRORS } from '../../../api/query-meta';
import { spoolsQueryKey } from './get-spools';

/** Under the spools key: a changed spool (consumption, archive) reloads what is loaded too. */
export const printerSpoolsQueryKey = (workspaceId: number) =>
  [...spoolsQueryKey(workspaceId), 'loaded'] as const;

/** What is left on a loaded spool changes as printers print: looked at again this often. */
const LOADED_REFRESH_MS = 30_000;

export function getPrinterSpools(workspaceId: number, signal?: AbortSignal) {
  return apiClient.request<PrinterSpool[]>({
    path: apiPath('/groups/{g}/printer-spools/', { g: workspaceId }),
    schema: z.array(PrinterSpoolSchema),
    signal,
  });
}

/** Every printer's loaded spools in one request, shared by all the cards of a page. */
export function usePrinterSpools(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: printerSpoolsQueryKey(workspaceId),
      queryFn: ({ signal }) => getPrinterSpools(workspaceId, signal),
      refetchInterval: LOADED_REFRESH_MS,
      meta: BACKGROUND_ERRORS,
    }),
  );
}

export function useLoadSpool(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { printerId: number; tool: number; spoolId: number }) =>
      apiClient.request({
        method: 'PUT',
        path: apiPath('/printers/{id}/spools/{tool}/', { id: input.printerId, tool: input.tool }),
        body: { spool_id: input.spoolId },
        schema: z.array(PrinterSpoolSchema),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spoolsQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}

export function useUnloadSpool(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { printerId: number; tool: number }) =>
      apiClient.request({
        method: 'DELETE',
        path: apiPath('/printers/{id}/spools/{tool}/', { id: input.printerId, tool: input.tool }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spoolsQueryKey(workspaceId) }),
  });
}
