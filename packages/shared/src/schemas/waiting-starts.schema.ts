import { z } from 'zod';

/**
 * A manual or bulk start the workspace's staggered-start rule held back (issue 26): it starts
 * by itself when fewer printers heat than allowed (and the seconds between starts passed).
 * `waiting`: not sent yet, may be cancelled; `starting`: being handed to the printer;
 * `failed`: its turn came and the printer did not take it (never sent again by itself).
 */
export const WaitingStartSchema = z.object({
  id: z.number().int(),
  printer_id: z.number().int(),
  file_id: z.number().int(),
  file_name: z.string(),
  state: z.enum(['waiting', 'starting', 'failed']),
  requested_on: z.string(),
  /** position among the workspace's waiting starts (1: next), null once not waiting */
  place: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WaitingStart = z.infer<typeof WaitingStartSchema>;

/** 202 of a print start: recorded, it starts when the staggered-start rule allows. */
export const PrintStartWaitingSchema = z.object({
  waiting_start: WaitingStartSchema,
});
