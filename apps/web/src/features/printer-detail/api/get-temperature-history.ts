import { TemperatureHistorySchema, type TemperatureHistory } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';

/** How often the open graph asks for new samples; the server keeps one every 5 s. */
export const TEMPERATURE_HISTORY_REFRESH_MS = 5000;

export function getTemperatureHistory(
  printerId: number,
  signal?: AbortSignal,
): Promise<TemperatureHistory> {
  return apiClient.request({
    path: apiPath('/printers/{id}/temperature-history/', { id: printerId }),
    schema: TemperatureHistorySchema,
    signal,
  });
}

/** The last 30 minutes, refreshed while the graph is shown; a failed poll keeps the last graph. */
export function useTemperatureHistory(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['printers', printerId, 'temperature-history'] as const,
      queryFn: ({ signal }) => getTemperatureHistory(printerId, signal),
      refetchInterval: TEMPERATURE_HISTORY_REFRESH_MS,
      meta: SILENT_ERRORS,
    }),
  );
}
