import { WorkspaceStatsSchema, type WorkspaceStats } from '@printdeck/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import type { StatsRange } from '../stats-dates';

export function getWorkspaceStats(input: {
  workspaceId: number;
  range: StatsRange;
  signal?: AbortSignal;
}): Promise<WorkspaceStats> {
  const query = new URLSearchParams({
    date_from: input.range.dateFrom,
    date_to: input.range.dateTo,
  });
  return apiClient.request({
    path: `${apiPath('/groups/{g}/stats/', { g: input.workspaceId })}?${query.toString()}`,
    schema: WorkspaceStatsSchema,
    signal: input.signal,
  });
}

export function getWorkspaceStatsQueryOptions(workspaceId: number, range: StatsRange) {
  return queryOptions({
    queryKey: ['groups', workspaceId, 'stats', range.dateFrom, range.dateTo] as const,
    queryFn: ({ signal }) => getWorkspaceStats({ workspaceId, range, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWorkspaceStats(workspaceId: number, range: StatsRange) {
  return useQuery(getWorkspaceStatsQueryOptions(workspaceId, range));
}
