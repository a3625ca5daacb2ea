import { z } from 'zod';

/**
 * The printer's own identity of a print job: the file it prints (its path on the printer) and
 * when that print began there (Unix seconds). Events and states carry it so the server matches
 * them to the job they are about, never to "the latest job" (ARCHITECTURE §6).
 */
export const DeviceJobIdentitySchema = z.object({
  path: z.string().min(1).max(1024),
  started_at: z.number().finite().min(0),
});
export type DeviceJobIdentity = z.infer<typeof DeviceJobIdentitySchema>;

/**
 * Two start times of the same print differ by this much at most: the agent estimates the start
 * from the printer's elapsed time, which moves by seconds between readings (and OctoPrint's by
 * the paused time, see the agent's job tracker).
 */
export const JOB_START_TOLERANCE_S = 60;

/** How the printer itself says the job it shows went: active, or ended and how. */
export const DEVICE_JOB_OUTCOMES = ['printing', 'paused', 'done', 'cancelled', 'failed'] as const;
export type DeviceJobOutcome = (typeof DEVICE_JOB_OUTCOMES)[number];

export function isSameDeviceJob(a: DeviceJobIdentity, b: DeviceJobIdentity): boolean {
  return a.path === b.path && Math.abs(a.started_at - b.started_at) <= JOB_START_TOLERANCE_S;
}

/** The identity a job event carries in its data (`path`, `started_at`), or null. */
export function readEventJobIdentity(data: Record<string, unknown>): DeviceJobIdentity | null {
  const parsed = DeviceJobIdentitySchema.safeParse({
    path: data.path,
    started_at: data.started_at,
  });
  return parsed.success ? parsed.data : null;
}
