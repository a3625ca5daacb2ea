import { MaintenanceDueSchema, type MaintenanceDue } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { BACKGROUND_ERRORS } from '../../../api/query-meta';
import { maintenanceQueryKey } from './get-maintenance-tasks';

export const maintenanceDueQueryKey = (workspaceId: number) =>
  [...maintenanceQueryKey, 'due', workspaceId] as const;

const DUE_REFRESH_MS = 60_000;

export function getMaintenanceDue(workspaceId: number, signal?: AbortSignal) {
  return apiClient.request<MaintenanceDue[]>({
    path: apiPath('/groups/{g}/maintenance-due/', { g: workspaceId }),
    schema: z.array(MaintenanceDueSchema),
    signal,
  });
}

/** The printers with maintenance due, in one request shared by all the cards of a page. */
export function useMaintenanceDue(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: maintenanceDueQueryKey(workspaceId),
      queryFn: ({ signal }) => getMaintenanceDue(workspaceId, signal),
      refetchInterval: DUE_REFRESH_MS,
      meta: BACKGROUND_ERRORS,
    }),
  );
}
