import { SpoolPageSchema, type SpoolMaterial, type SpoolPage } from '@printdeck/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';

export interface SpoolFilter {
  search: string;
  material: SpoolMaterial | null;
  archived: 'active' | 'archived' | 'all';
  isLowOnly: boolean;
}

/** What the inventory shows first: the active spools, unfiltered. */
export const DEFAULT_SPOOL_FILTER: SpoolFilter = {
  search: '',
  material: null,
  archived: 'active',
  isLowOnly: false,
};

export const spoolsQueryKey = (workspaceId: number) => ['groups', workspaceId, 'spools'] as const;

export const SPOOLS_PAGE_SIZE = 200;

/** One page of the inventory as filtered; the list shows the first 200 and says how many match. */
export function getSpools(
  workspaceId: number,
  filter: SpoolFilter,
  signal?: AbortSignal,
): Promise<SpoolPage> {
  const params = new URLSearchParams({ archived: filter.archived });
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (filter.material) params.set('material', filter.material);
  if (filter.isLowOnly) params.set('is_low', 'true');
  params.set('page_size', String(SPOOLS_PAGE_SIZE));
  return apiClient.request({
    path: `${apiPath('/groups/{g}/spools/', { g: workspaceId })}?${params.toString()}`,
    schema: SpoolPageSchema,
    signal,
  });
}

export function getSpoolsQueryOptions(workspaceId: number, filter: SpoolFilter) {
  return queryOptions({
    queryKey: [...spoolsQueryKey(workspaceId), 'list', filter],
    queryFn: ({ signal }) => getSpools(workspaceId, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSpools(workspaceId: number, filter: SpoolFilter) {
  return useQuery(getSpoolsQueryOptions(workspaceId, filter));
}
