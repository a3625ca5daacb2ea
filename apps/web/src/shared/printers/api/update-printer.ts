import { PrinterSchema, type Printer, type PrinterUpdateSchema } from '@printdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';
import { invalidatePrinterLists } from './invalidate-printers';

export type PrinterUpdateBody = z.input<typeof PrinterUpdateSchema>;

export function updatePrinter(input: { id: number; body: PrinterUpdateBody }): Promise<Printer> {
  return apiClient.request({
    method: 'PATCH',
    path: apiPath('/printers/{id}/', { id: input.id }),
    body: input.body,
    schema: PrinterSchema,
  });
}

export function useUpdatePrinter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrinter,
    onSuccess: (printer) => invalidatePrinterLists(queryClient, printer.group_id),
    meta: INLINE_ERRORS,
  });
}
