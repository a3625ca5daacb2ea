import { KlipperGcodeStoreResultSchema } from '@printdeck/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { SILENT_ERRORS } from '../../../api/query-meta';

export const KLIPPER_CONSOLE_POLL_MS = 1000;

export const klipperGcodeStoreQueryKey = (printerId: number) =>
  ['printers', printerId, 'klipper-gcode-store'] as const;

export function getKlipperGcodeStore(printerId: number, signal?: AbortSignal) {
  return apiClient.request({
    path: apiPath('/printers/{id}/klipper-gcode-store/', { id: printerId }),
    schema: KlipperGcodeStoreResultSchema,
    signal,
  });
}

/**
 * The console history, polled every second while the console is shown and the device online;
 * an offline device's last history stays shown, unasked, until it is back.
 */
export function useKlipperGcodeStore(printerId: number, isDeviceOnline: boolean) {
  return useQuery(
    queryOptions({
      queryKey: klipperGcodeStoreQueryKey(printerId),
      queryFn: ({ signal }) => getKlipperGcodeStore(printerId, signal),
      refetchInterval: isDeviceOnline ? KLIPPER_CONSOLE_POLL_MS : false,
      staleTime: 0,
      retry: false,
      meta: SILENT_ERRORS,
    }),
  );
}
