import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  environment: z.string(),
  /** id of the web build the server serves; the web app compares it with its own */
  build: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  maintenance: z.boolean(),
});
export type Health = z.infer<typeof HealthSchema>;
