import { PrinterGroupSchema, type PrinterGroup } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { printerGroupsQueryKey } from './get-printer-groups';

export function createPrinterGroup(input: {
  workspaceId: number;
  name: string;
}): Promise<PrinterGroup> {
  return apiClient.request({
    method: 'POST',
    path: `/groups/${input.workspaceId}/printer-groups/`,
    body: { name: input.name },
    schema: PrinterGroupSchema,
  });
}

export function useCreatePrinterGroup(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createPrinterGroup({ workspaceId, name }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: printerGroupsQueryKey(workspaceId) }),
  });
}
