import { PrinterSchema, type Printer } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export const printersQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'printers'] as const;

export function getPrinters(workspaceId: number, signal?: AbortSignal): Promise<Printer[]> {
  return apiClient.request({
    path: apiPath('/groups/{g}/printers/', { g: workspaceId }),
    schema: z.array(PrinterSchema),
    signal,
  });
}

export function getPrintersQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: printersQueryKey(workspaceId),
    queryFn: ({ signal }) => getPrinters(workspaceId, signal),
  });
}

/** The workspace's printers; the key holds the workspace, so a switch loads the new list. */
export function usePrinters(workspaceId: number) {
  return useQuery(getPrintersQueryOptions(workspaceId));
}
