import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { printersQueryKey } from '../../../shared/printers/api/get-printers';

/** Plate cleared: a person says the plate is empty, so the printer may take queue work. */
export function clearPlate(printerId: number): Promise<void> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/printers/{id}/plate-cleared/', { id: printerId }),
    body: {},
  });
}

export function useClearPlate(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearPlate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: printersQueryKey(workspaceId) }),
  });
}
