import {
  LanPrinterConnectionSchema,
  type LanPrinterConnection,
  type LanPrinterConnectionUpdateSchema,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS, SILENT_ERRORS } from '../../../api/query-meta';

export type LanConnectionUpdateBody = z.input<typeof LanPrinterConnectionUpdateSchema>;

const lanConnectionKey = (printerId: number) => ['printers', printerId, 'lan-connection'] as const;

/** How the server reaches a LAN printer, no secret in it (GET /printers/{id}/lan-connection/). */
export function getLanConnection(
  printerId: number,
  signal?: AbortSignal,
): Promise<LanPrinterConnection> {
  return apiClient.request({
    path: apiPath('/printers/{id}/lan-connection/', { id: printerId }),
    schema: LanPrinterConnectionSchema,
    signal,
  });
}

/** A printer reached through an agent answers 404: the edit page then has no connection part. */
export function useLanConnection(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: lanConnectionKey(printerId),
      queryFn: ({ signal }) => getLanConnection(printerId, signal),
      retry: false,
      meta: SILENT_ERRORS,
    }),
  );
}

/** New address or credentials, tried by the server before saved (PUT …/lan-connection/). */
export function updateLanConnection(input: {
  printerId: number;
  body: LanConnectionUpdateBody;
}): Promise<LanPrinterConnection> {
  return apiClient.request({
    method: 'PUT',
    path: apiPath('/printers/{id}/lan-connection/', { id: input.printerId }),
    body: input.body satisfies ApiRequestBody<'/printers/{id}/lan-connection/', 'put'>,
    schema: LanPrinterConnectionSchema,
  });
}

export function useUpdateLanConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanConnection,
    onSuccess: (saved, { printerId }) =>
      queryClient.setQueryData(lanConnectionKey(printerId), saved),
    meta: INLINE_ERRORS,
  });
}
