import { DiscoveredPrintersSchema, type DiscoveredPrinters } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

/** The Bambu Lab printers the server heard on its network (GET …/lan-printers/discovered/). */
export function getDiscoveredPrinters(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<DiscoveredPrinters> {
  return apiClient.request({
    path: apiPath('/groups/{g}/lan-printers/discovered/', { g: workspaceId }),
    schema: DiscoveredPrintersSchema,
    signal,
  });
}

/** Asked only when the person looks (`isAsked`), and again on each look. */
export function useDiscoveredPrinters(workspaceId: number | null, isAsked: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['lan-printers', 'discovered', workspaceId] as const,
      queryFn: ({ signal }) => getDiscoveredPrinters(workspaceId!, signal),
      enabled: isAsked && workspaceId !== null,
      staleTime: 0,
      retry: false,
      meta: INLINE_ERRORS,
    }),
  );
}
