import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { invalidatePrinterLists } from '../../../shared/printers/api/invalidate-printers';

export function deletePrinter(printerId: number): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/printers/{id}/', { id: printerId }),
  });
}

export function useDeletePrinter(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePrinter,
    onSuccess: (_result, printerId) =>
      invalidatePrinterLists(queryClient, workspaceId, { deletedPrinterId: printerId }),
  });
}
