import { PrinterGroupSchema, type PrinterGroup } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../../api/contract';
import { printerGroupsQueryKey } from './get-printer-groups';

export function renamePrinterGroup(input: {
  groupId: number;
  name: string;
}): Promise<PrinterGroup> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/printer-groups/{id}/', { id: input.groupId }),
    body: { name: input.name } satisfies ApiRequestBody<'/printer-groups/{id}/', 'patch'>,
    schema: PrinterGroupSchema,
  });
}

export function useRenamePrinterGroup(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePrinterGroup,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: printerGroupsQueryKey(workspaceId) }),
  });
}
