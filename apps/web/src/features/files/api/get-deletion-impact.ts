import { GcodeDeletionImpactSchema } from '@printdeck/shared';
import { useQueries } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/**
 * How many print-queue items go with the files when they are deleted (they cascade), for the
 * confirmation to say; null until every answer is in.
 */
export function useQueueItemsOfGcodes(workspaceId: number, gcodeIds: readonly number[]) {
  return useQueries({
    queries: gcodeIds.map((gcodeId) => ({
      queryKey: ['groups', workspaceId, 'files', gcodeId, 'deletion-impact'] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiClient.request({
          path: apiPath('/groups/{g}/files/{id}/deletion-impact/', { g: workspaceId, id: gcodeId }),
          schema: GcodeDeletionImpactSchema,
          signal,
        }),
      staleTime: 0,
      meta: INLINE_ERRORS,
    })),
    combine: (results) =>
      results.every((result) => result.data !== undefined)
        ? results.reduce((sum, result) => sum + result.data!.queue_items, 0)
        : null,
  });
}
