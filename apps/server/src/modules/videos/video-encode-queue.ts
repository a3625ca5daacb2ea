import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';

/** The job kind that turns a finished recording into a video (jobs module, issue 27). */
export const VIDEO_ENCODE = 'video.encode';

export const encodePayload = z.object({ videoId: z.number().int().positive() });

/** The job key of a video's encode: one per video. */
export const encodeKeyOf = (videoId: number) => `${VIDEO_ENCODE}:${videoId}`;

/** The same key in SQL, to join a print job to its encode job. */
export const encodeKeySql = (jobIdColumn: 'print_jobs.id') =>
  sql<string>`${sql.lit(`${VIDEO_ENCODE}:`)} || cast(${sql.ref(jobIdColumn)} as text)`;

/** The encode job a video gets when its print ends, in that transaction. */
export async function enqueueEncode(
  jobs: JobsRepository,
  trx: Transaction<Database>,
  times: { videoId: number; now: string; runAfter: string },
): Promise<void> {
  await jobs.enqueue(trx, {
    kind: VIDEO_ENCODE,
    key: encodeKeyOf(times.videoId),
    payload: { videoId: times.videoId },
    runAfter: times.runAfter,
    nowIso: times.now,
  });
}
