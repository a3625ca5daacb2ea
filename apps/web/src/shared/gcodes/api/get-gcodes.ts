import { GcodePageSchema, type GcodePage } from '@printdeck/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { nextPagePath } from '../../../api/next-page-path';
import { toListQuery, type GcodeFilter } from '../model/gcode-filter';

/** Every query of a workspace's files starts so: mutations invalidate lists and details by it. */
export const gcodesQueryKey = (workspaceId: number) => ['groups', workspaceId, 'files'] as const;

/** Reloads the lists (Gcodes, dashboard) but not the details: their ids sit at index 3. */
export function invalidateGcodeLists(queryClient: QueryClient, workspaceId: number) {
  return queryClient.invalidateQueries({
    queryKey: gcodesQueryKey(workspaceId),
    predicate: (query) => typeof query.queryKey[3] !== 'number',
  });
}

const LATEST_COUNT = 5;

function firstPagePath(workspaceId: number, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${apiPath('/groups/{g}/files/', { g: workspaceId })}${search ? `?${search}` : ''}`;
}

export function getGcodesPage(path: string, signal?: AbortSignal): Promise<GcodePage> {
  return apiClient.request({ path, schema: GcodePageSchema, signal });
}

/** The list of the Gcodes screen: pages chained by `next` (Load more, the scroll sentinel). */
export function getGcodesQueryOptions(workspaceId: number, filter: GcodeFilter) {
  return infiniteQueryOptions({
    queryKey: [...gcodesQueryKey(workspaceId), 'list', toListQuery(filter)],
    queryFn: ({ pageParam, signal }) => getGcodesPage(pageParam, signal),
    initialPageParam: firstPagePath(workspaceId, toListQuery(filter)),
    getNextPageParam: (last: GcodePage) => nextPagePath(last),
  });
}

export function useGcodes(workspaceId: number, filter: GcodeFilter) {
  return useInfiniteQuery(getGcodesQueryOptions(workspaceId, filter));
}

/** The newest files, for the dashboard; its count tells whether the workspace has any. */
export function useLatestGcodes(workspaceId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...gcodesQueryKey(workspaceId), 'latest'],
      queryFn: ({ signal }) =>
        getGcodesPage(firstPagePath(workspaceId, { limit: String(LATEST_COUNT) }), signal),
    }),
  );
}
