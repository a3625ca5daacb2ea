import { PrinterSchema, type LanPrinterCreateInput, type Printer } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { invalidatePrinterLists } from '../../../shared/printers/api/invalidate-printers';

/** LAN mode: a printer the server reaches itself (POST /lan-printers/). */
export function createLanPrinter(body: LanPrinterCreateInput): Promise<Printer> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/lan-printers/'),
    body,
    schema: PrinterSchema,
  });
}

export function useCreateLanPrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLanPrinter,
    onSuccess: (_printer, body) => invalidatePrinterLists(queryClient, body.group),
    meta: INLINE_ERRORS,
  });
}
