import { MaintenanceTaskSchema, type MaintenanceTask } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { maintenanceQueryKey } from './get-maintenance-tasks';

type TaskChange =
  | { kind: 'create'; body: object }
  | { kind: 'update'; taskId: number; body: object }
  | { kind: 'delete'; taskId: number }
  | { kind: 'done'; taskId: number };

export function changeMaintenanceTask(
  printerId: number,
  change: TaskChange,
): Promise<MaintenanceTask | undefined> {
  switch (change.kind) {
    case 'create':
      return apiClient.request<MaintenanceTask>({
        method: 'POST',
        path: apiPath('/printers/{id}/maintenance/', { id: printerId }),
        body: change.body,
        schema: MaintenanceTaskSchema,
      });
    case 'update':
      return apiClient.request<MaintenanceTask>({
        method: 'PATCH',
        path: apiPath('/printers/{id}/maintenance/{taskId}/', {
          id: printerId,
          taskId: change.taskId,
        }),
        body: change.body,
        schema: MaintenanceTaskSchema,
      });
    case 'delete':
      return apiClient.request<undefined>({
        method: 'DELETE',
        path: apiPath('/printers/{id}/maintenance/{taskId}/', {
          id: printerId,
          taskId: change.taskId,
        }),
      });
    case 'done':
      return apiClient.request<MaintenanceTask>({
        method: 'POST',
        path: apiPath('/printers/{id}/maintenance/{taskId}/done/', {
          id: printerId,
          taskId: change.taskId,
        }),
        schema: MaintenanceTaskSchema,
      });
  }
}

/** Add, edit, delete or mark done: the printer's tasks and every card's marker reload. */
export function useChangeMaintenanceTask(printerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TaskChange) => changeMaintenanceTask(printerId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceQueryKey }),
    meta: INLINE_ERRORS,
  });
}
