import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export interface ClaimedEncode {
  id: number;
  video_id: number;
  attempts: number;
}

export interface EncodeOutcome {
  videoKey: string;
  photoKey: string;
  stripKey: string;
  durationSec: number;
  videoSize: number;
  check: { flagged: boolean; reasons: string[] };
}

/**
 * The durable encode work. A job is claimed with a conditional UPDATE (pending and due, or
 * running with an expired lease: its worker died), so several workers never take the same one.
 */
export function createVideoEncodeJobsRepository(db: Db) {
  return {
    async claimNext(now: string, leaseUntil: string): Promise<ClaimedEncode | undefined> {
      for (let tries = 0; tries < 5; tries++) {
        const candidate = await db
          .selectFrom('video_encode_jobs')
          .select(['id'])
          .where((eb) =>
            eb.or([
              eb.and([eb('state', '=', 'pending'), eb('run_after', '<=', now)]),
              eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
            ]),
          )
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return undefined;
        const claimed = await db
          .updateTable('video_encode_jobs')
          .set((eb) => ({
            state: 'running',
            lease_until: leaseUntil,
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', candidate.id)
          .where((eb) =>
            eb.or([
              eb.and([eb('state', '=', 'pending'), eb('run_after', '<=', now)]),
              eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
            ]),
          )
          .returning(['id', 'video_id', 'attempts'])
          .executeTakeFirst();
        if (claimed) return claimed;
      }
      return undefined;
    },

    /** The next time a job becomes due, to sleep until then. */
    async nextDueAt(): Promise<string | undefined> {
      const row = await db
        .selectFrom('video_encode_jobs')
        .select((eb) => eb.fn.min('run_after').as('due'))
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return row?.due ?? undefined;
    },

    /** READY: the bytes' keys, the check, the job done and its frames' rows gone, in one go. */
    async storeSuccess(
      trx: Transaction<Database>,
      encode: ClaimedEncode,
      outcome: EncodeOutcome,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('videos')
        .set({
          video_key: outcome.videoKey,
          photo_key: outcome.photoKey,
          strip_key: outcome.stripKey,
          duration_sec: outcome.durationSec,
          video_size: outcome.videoSize,
          failure_reason: null,
          check_flagged: outcome.check.flagged ? 1 : 0,
          check_reasons: JSON.stringify(outcome.check.reasons),
        })
        .where('print_job_id', '=', encode.video_id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('print_jobs')
        .set({ video_state: 'READY' })
        .where('id', '=', encode.video_id)
        .execute();
      await trx.deleteFrom('video_frames').where('video_id', '=', encode.video_id).execute();
      await trx
        .updateTable('video_encode_jobs')
        .set({ state: 'done', lease_until: null, last_error: null })
        .where('id', '=', encode.id)
        .execute();
      return true;
    },

    /** FAILED with the reason; the frames stay, so nothing more is lost than the video. */
    async storeFailure(encode: ClaimedEncode, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('videos')
          .set({ failure_reason: reason })
          .where('print_job_id', '=', encode.video_id)
          .execute();
        await trx
          .updateTable('print_jobs')
          .set({ video_state: 'FAILED' })
          .where('id', '=', encode.video_id)
          .execute();
        await trx
          .updateTable('video_encode_jobs')
          .set({ state: 'failed', lease_until: null, last_error: reason })
          .where('id', '=', encode.id)
          .execute();
      });
    },
  };
}

export type VideoEncodeJobsRepository = ReturnType<typeof createVideoEncodeJobsRepository>;
