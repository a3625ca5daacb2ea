import { SpoolSchema, type Spool } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { spoolsQueryKey } from '../../../shared/spools/api/get-spools';

/** Adds one spool, or `quantity` identical ones. */
export function createSpools(workspaceId: number, body: object): Promise<Spool[]> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/groups/{g}/spools/', { g: workspaceId }),
    body,
    schema: z.array(SpoolSchema),
  });
}

/** The dialog shows refused fields itself. */
export function useCreateSpools(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => createSpools(workspaceId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spoolsQueryKey(workspaceId) }),
    meta: INLINE_ERRORS,
  });
}
