import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

interface EncodeOutcome {
  videoKey: string;
  photoKey: string;
  stripKey: string;
  durationSec: number;
  videoSize: number;
  check: { flagged: boolean; reasons: string[] };
}

/** What an encode leaves on the video and its job: READY with the bytes' keys, or FAILED. */
export function createVideoResultsRepository(db: Db) {
  return {
    /** READY: the bytes' keys, the check, the job done and its frames' rows gone, in one go. */
    async storeSuccess(
      trx: Transaction<Database>,
      videoId: number,
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
          // the frames go below: their bytes no longer count against the quotas
          frame_bytes: 0,
          failure_reason: null,
          check_flagged: outcome.check.flagged ? 1 : 0,
          check_reasons: JSON.stringify(outcome.check.reasons),
        })
        .where('print_job_id', '=', videoId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('print_jobs')
        .set({ video_state: 'READY' })
        .where('id', '=', videoId)
        .execute();
      await trx.deleteFrom('video_frames').where('video_id', '=', videoId).execute();
      return true;
    },

    /** FAILED with the reason; the frames stay, so nothing more is lost than the video. */
    async storeFailure(videoId: number, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // only a video still waiting: one an earlier attempt made READY stays so
        const failed = await trx
          .updateTable('print_jobs')
          .set({ video_state: 'FAILED' })
          .where('id', '=', videoId)
          .where('video_state', '=', 'ANALYZING')
          .executeTakeFirst();
        if (Number(failed.numUpdatedRows) === 0) return;
        await trx
          .updateTable('videos')
          .set({ failure_reason: reason })
          .where('print_job_id', '=', videoId)
          .execute();
      });
    },
  };
}

export type VideoResultsRepository = ReturnType<typeof createVideoResultsRepository>;
