import { PrinterSchema, type Printer, type PrinterCreateSchema } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { invalidatePrinterLists } from '../../../shared/printers/api/invalidate-printers';

export type PrinterCreateBody = z.input<typeof PrinterCreateSchema>;

export function createPrinter(body: PrinterCreateBody): Promise<Printer> {
  return apiClient.request({
    method: 'POST',
    path: apiPath('/printers/'),
    body,
    schema: PrinterSchema,
  });
}

export function useCreatePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrinter,
    onSuccess: (_printer, body) => invalidatePrinterLists(queryClient, body.group),
    meta: INLINE_ERRORS,
  });
}
