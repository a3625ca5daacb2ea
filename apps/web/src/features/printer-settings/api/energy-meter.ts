import {
  PrinterEnergyMeterSchema,
  type EnergyMeterSetSchema,
  type PrinterEnergyMeter,
} from '@printdeck/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath, type ApiRequestBody } from '../../../api/contract';
import { INLINE_ERRORS } from '../../../api/query-meta';

export type EnergyMeterBody = z.input<typeof EnergyMeterSetSchema>;

const energyMeterKey = (printerId: number) => ['printers', printerId, 'energy-meter'] as const;

/** The printer's smart plug and what it reads now (GET /printers/{id}/energy-meter/). */
export function getEnergyMeter(
  printerId: number,
  signal?: AbortSignal,
): Promise<PrinterEnergyMeter> {
  return apiClient.request({
    path: apiPath('/printers/{id}/energy-meter/', { id: printerId }),
    schema: PrinterEnergyMeterSchema,
    signal,
  });
}

export function useEnergyMeter(printerId: number) {
  return useQuery(
    queryOptions({
      queryKey: energyMeterKey(printerId),
      queryFn: ({ signal }) => getEnergyMeter(printerId, signal),
    }),
  );
}

/** Name the plug; the server saves it only when it answers (PUT …/energy-meter/). */
export function setEnergyMeter(input: {
  printerId: number;
  body: EnergyMeterBody;
}): Promise<PrinterEnergyMeter> {
  return apiClient.request({
    method: 'PUT',
    path: apiPath('/printers/{id}/energy-meter/', { id: input.printerId }),
    body: input.body satisfies ApiRequestBody<'/printers/{id}/energy-meter/', 'put'>,
    schema: PrinterEnergyMeterSchema,
  });
}

export function useSetEnergyMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnergyMeter,
    onSuccess: (saved, { printerId }) => queryClient.setQueryData(energyMeterKey(printerId), saved),
    meta: INLINE_ERRORS,
  });
}

/** Remove the plug: the printer's jobs cost by its average power again (DELETE …). */
export function deleteEnergyMeter(printerId: number): Promise<void> {
  return apiClient.request({
    method: 'DELETE',
    path: apiPath('/printers/{id}/energy-meter/', { id: printerId }),
  });
}

export function useDeleteEnergyMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEnergyMeter,
    onSuccess: (_result, printerId) =>
      queryClient.setQueryData<PrinterEnergyMeter>(energyMeterKey(printerId), {
        meter: null,
        reading: null,
        reading_error: null,
      }),
  });
}
