import { PrinterGroupSchema, type PrinterGroup } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../../api/client';
import { apiPath } from '../../../../api/contract';

export const printerGroupsQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'printer-groups'] as const;

export function getPrinterGroups(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<PrinterGroup[]> {
  return apiClient.request({
    path: apiPath('/groups/{g}/printer-groups/', { g: workspaceId }),
    schema: z.array(PrinterGroupSchema),
    signal,
  });
}

export function getPrinterGroupsQueryOptions(workspaceId: number) {
  return queryOptions({
    queryKey: printerGroupsQueryKey(workspaceId),
    queryFn: ({ signal }) => getPrinterGroups(workspaceId, signal),
  });
}

export function usePrinterGroups(workspaceId: number) {
  return useQuery(getPrinterGroupsQueryOptions(workspaceId));
}
