import { z } from 'zod';

/** One sample of a printer's heaters, °C; null where the device did not report the heater. */
export const TemperatureSampleSchema = z.object({
  time: z.string(),
  nozzle_actual: z.number().nullable(),
  nozzle_target: z.number().nullable(),
  bed_actual: z.number().nullable(),
  bed_target: z.number().nullable(),
});
export type TemperatureSample = z.infer<typeof TemperatureSampleSchema>;

/** GET /printers/{id}/temperature-history/: the last window, oldest first. */
export const TemperatureHistorySchema = z.object({
  interval_seconds: z.number().int(),
  window_seconds: z.number().int(),
  samples: z.array(TemperatureSampleSchema),
});
export type TemperatureHistory = z.infer<typeof TemperatureHistorySchema>;
