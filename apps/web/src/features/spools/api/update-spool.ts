import { SpoolSchema, type Spool } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { spoolQueryKey } from './get-spool';
import { spoolsQueryKey } from '../../../shared/spools/api/get-spools';

export function updateSpool(workspaceId: number, spoolId: number, body: object) {
  return apiClient.request<Spool>({
    method: 'PATCH',
    path: apiPath('/groups/{g}/spools/{id}/', { g: workspaceId, id: spoolId }),
    body: body satisfies ApiRequestBody<'/groups/{g}/spools/{id}/', 'patch'>,
    schema: SpoolSchema,
  });
}

/** An edited or archived spool: its detail takes the answer, the lists reload. */
export function useUpdateSpool(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { spoolId: number; body: object }) =>
      updateSpool(workspaceId, input.spoolId, input.body),
    onSuccess: (spool) => {
      queryClient.setQueryData(spoolQueryKey(workspaceId, spool.id), spool);
      return queryClient.invalidateQueries({ queryKey: spoolsQueryKey(workspaceId) });
    },
    meta: INLINE_ERRORS,
  });
}
