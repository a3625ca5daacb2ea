import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath } from '../../../../api/contract';
import { printerGroupsQueryKey } from './get-printer-groups';

/** Deletes the group; its printers stay, in no group. */
export function deletePrinterGroup(groupId: number): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/printer-groups/{id}/', { id: groupId }),
  });
}

export function useDeletePrinterGroup(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrinterGroup,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: printerGroupsQueryKey(workspaceId) }),
  });
}
