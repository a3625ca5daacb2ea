import { MaintenanceTaskSchema, type MaintenanceTask } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { BACKGROUND_ERRORS } from '../../../api/query-meta';

/** Every maintenance read sits under this key: a change reloads the tasks and the cards' markers. */
export const maintenanceQueryKey = ['maintenance'] as const;
export const maintenanceTasksQueryKey = (printerId: number) =>
  [...maintenanceQueryKey, 'printer', printerId] as const;

/** Print hours grow as printers print: the counters are looked at again this often. */
const TASKS_REFRESH_MS = 60_000;

export function getMaintenanceTasks(printerId: number, signal?: AbortSignal) {
  return apiClient.request<MaintenanceTask[]>({
    path: apiPath('/printers/{id}/maintenance/', { id: printerId }),
    schema: z.array(MaintenanceTaskSchema),
    signal,
  });
}

export function useMaintenanceTasks(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: maintenanceTasksQueryKey(printerId),
      queryFn: ({ signal }) => getMaintenanceTasks(printerId, signal),
      refetchInterval: TASKS_REFRESH_MS,
      meta: BACKGROUND_ERRORS,
    }),
  );
}
