import { PrinterGroupSchema, type PrinterGroup } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';
import { printerGroupsQueryKey } from './get-printer-groups';

export function createPrinterGroup(input: {
  workspaceId: number;
  name: string;
}): Promise<PrinterGroup> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/printer-groups/', { g: input.workspaceId }),
    body: { name: input.name } satisfies ApiRequestBody<'/groups/{g}/printer-groups/', 'post'>,
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
