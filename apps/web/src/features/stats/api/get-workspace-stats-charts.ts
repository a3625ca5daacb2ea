import {
  WorkspaceStatsChartsSchema,
  type StatsBucket,
  type WorkspaceStatsCharts,
} from '@printdeck/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import type { StatsRange } from '../stats-dates';

export function getWorkspaceStatsCharts(input: {
  workspaceId: number;
  range: StatsRange;
  /** null: days for short ranges, weeks for long ones (the server decides) */
  bucket: StatsBucket | null;
  signal?: AbortSignal;
}): Promise<WorkspaceStatsCharts> {
  const query = new URLSearchParams({
    date_from: input.range.dateFrom,
    date_to: input.range.dateTo,
    ...(input.bucket ? { bucket: input.bucket } : {}),
  });
  return apiClient.request({
    path: `${apiPath('/groups/{g}/stats/charts/', { g: input.workspaceId })}?${query.toString()}`,
    schema: WorkspaceStatsChartsSchema,
    signal: input.signal,
  });
}

export function useWorkspaceStatsCharts(
  workspaceId: number,
  range: StatsRange,
  bucket: StatsBucket | null,
) {
  return useQuery(
    queryOptions({
      queryKey: [
        'groups',
        workspaceId,
        'stats',
        'charts',
        range.dateFrom,
        range.dateTo,
        bucket,
      ] as const,
      queryFn: ({ signal }) => getWorkspaceStatsCharts({ workspaceId, range, bucket, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
