import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, VideoFramesTable, VideosTable } from '../../db/schema.js';
import type { TimelapseQuota } from '../../db/schema.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { encodeKeyOf, encodeKeySql, enqueueEncode } from './video-encode-queue.js';

export type VideoRow = Selectable<VideosTable>;
export type FrameRow = Selectable<VideoFramesTable>;

/** The states in which a video is shown: recording is still going on. */
const LISTED_STATES = ['ANALYZING', 'READY', 'FAILED'] as const;

function selectVideoWithJob(db: Kysely<Database>) {
  return db
    .selectFrom('videos')
    .innerJoin('print_jobs', 'print_jobs.id', 'videos.print_job_id')
    .selectAll('videos')
    .select([
      'print_jobs.video_state',
      'print_jobs.outcome',
      'print_jobs.started_on',
      'print_jobs.ended_on',
      'print_jobs.printer_id',
      'print_jobs.printer_name',
      'print_jobs.file_id',
      'print_jobs.file_name',
      'print_jobs.user_id',
      'print_jobs.username',
    ]);
}

export type VideoWithJob = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectVideoWithJob>['executeTakeFirst']>>
>;

/** Videos, their frames and their encode work: the only place that builds their SQL. */
export function createVideosRepository(db: Db, jobs: JobsRepository) {
  return {
    /** The job a frame is for, with its video's counters and encode state when they exist. */
    findRecordingTarget(jobId: number) {
      return db
        .selectFrom('print_jobs')
        .leftJoin('videos', 'videos.print_job_id', 'print_jobs.id')
        .leftJoin('background_jobs', (join) =>
          join.on((eb) => eb('background_jobs.key', '=', encodeKeySql('print_jobs.id'))),
        )
        .select([
          'print_jobs.id',
          'print_jobs.workspace_id',
          'print_jobs.device_key_id',
          'print_jobs.make_video',
          'print_jobs.video_state',
          'print_jobs.ended_on',
          'videos.frames_received',
          'videos.frame_bytes',
          'videos.recording_stopped',
          'background_jobs.state as encode_state',
        ])
        .where('print_jobs.id', '=', jobId)
        .executeTakeFirst();
    },

    /** The video exists from its first frame on; the job then reads RECORDING. */
    async ensureRecording(job: { id: number; workspace_id: number }, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('videos')
          .values({ print_job_id: job.id, workspace_id: job.workspace_id, created_on: now })
          .onConflict((oc) => oc.column('print_job_id').doNothing())
          .execute();
        await trx
          .updateTable('print_jobs')
          .set({ video_state: 'RECORDING' })
          .where('id', '=', job.id)
          .where('video_state', 'is', null)
          .execute();
      });
    },

    async hasFrame(videoId: number, seq: number): Promise<boolean> {
      const row = await db
        .selectFrom('video_frames')
        .select('seq')
        .where('video_id', '=', videoId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Stores a frame once and counts it, with the agent's cumulative counters (never lowered),
     * in one transaction: false when that number was already stored.
     */
    async insertFrame(
      frame: Insertable<VideoFramesTable>,
      counters: { cameraFailures: number; dropped: number },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('video_frames')
          .values(frame)
          .onConflict((oc) => oc.columns(['video_id', 'seq']).doNothing())
          .returning('seq')
          .executeTakeFirst();
        if (!row) return false;
        await trx
          .updateTable('videos')
          .set((eb) => ({
            frames_received: eb('frames_received', '+', 1),
            frame_bytes: eb('frame_bytes', '+', frame.size),
            camera_failures: eb
              .case()
              .when('camera_failures', '<', counters.cameraFailures)
              .then(counters.cameraFailures)
              .else(eb.ref('camera_failures'))
              .end(),
            frames_dropped: eb
              .case()
              .when('frames_dropped', '<', counters.dropped)
              .then(counters.dropped)
              .else(eb.ref('frames_dropped'))
              .end(),
          }))
          .where('print_job_id', '=', frame.video_id)
          .execute();
        return true;
      });
    },

    /**
     * The timelapse bytes a workspace keeps: frames not yet made into a video and the videos
     * made (photo and strip are small beside them and not counted).
     */
    async workspaceTimelapseBytes(workspaceId: number): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select(
          sql<
            number | null
          >`SUM(frame_bytes + CAST(COALESCE(video_size, 0) AS double precision))`.as('bytes'),
        )
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** A quota ended the recording: later frames are refused without being read. */
    async stopRecording(videoId: number, quota: TimelapseQuota): Promise<boolean> {
      const updated = await db
        .updateTable('videos')
        .set({ recording_stopped: quota })
        .where('print_job_id', '=', videoId)
        .where('recording_stopped', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async countCorruptFrame(videoId: number): Promise<void> {
      await db
        .updateTable('videos')
        .set((eb) => ({ frames_corrupt: eb('frames_corrupt', '+', 1) }))
        .where('print_job_id', '=', videoId)
        .execute();
    },

    /**
     * In the transaction that ends a job with make_video: with frames, the video waits for
     * its encode (ANALYZING and a durable encode job); without, the job is NOT_RECORDED.
     */
    async closeRecording(
      trx: Transaction<Database>,
      jobId: number,
      times: { now: string; runAfter: string },
    ): Promise<'ANALYZING' | 'NOT_RECORDED'> {
      const video = await trx
        .selectFrom('videos')
        .select('frames_received')
        .where('print_job_id', '=', jobId)
        .executeTakeFirst();
      if (!video || video.frames_received === 0) {
        await trx.deleteFrom('videos').where('print_job_id', '=', jobId).execute();
        await trx
          .updateTable('print_jobs')
          .set({ video_state: 'NOT_RECORDED' })
          .where('id', '=', jobId)
          .execute();
        return 'NOT_RECORDED';
      }
      await trx
        .updateTable('print_jobs')
        .set({ video_state: 'ANALYZING' })
        .where('id', '=', jobId)
        .execute();
      await enqueueEncode(jobs, trx, { videoId: jobId, ...times });
      return 'ANALYZING';
    },

    /** The agent sent every frame of a finished job: its encode may start now. */
    hurryEncode(videoId: number, now: string): Promise<boolean> {
      return jobs.hurry(encodeKeyOf(videoId), now);
    },

    findVideo(id: number): Promise<VideoWithJob | undefined> {
      return selectVideoWithJob(db).where('videos.print_job_id', '=', id).executeTakeFirst();
    },

    /** Newest first, keyset-paged on the id; only videos past recording. */
    async listVideos(filter: {
      workspaceId: number;
      fileId?: number;
      isPublic?: boolean;
      beforeId?: number;
      limit: number;
    }) {
      let query = selectVideoWithJob(db)
        .where('videos.workspace_id', '=', filter.workspaceId)
        .where('print_jobs.video_state', 'in', LISTED_STATES);
      if (filter.fileId !== undefined)
        query = query.where('print_jobs.file_id', '=', filter.fileId);
      if (filter.isPublic) {
        query = query
          .where('videos.is_public', '=', 1)
          .where('print_jobs.video_state', '=', 'READY');
      }
      const { n } = await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (filter.beforeId !== undefined) {
        query = query.where('videos.print_job_id', '<', filter.beforeId);
      }
      const rows = await query
        .orderBy('videos.print_job_id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      return {
        rows: rows.slice(0, filter.limit),
        hasMore: rows.length > filter.limit,
        count: Number(n),
      };
    },

    async setPublic(id: number, isPublic: boolean): Promise<void> {
      await db
        .updateTable('videos')
        .set({ is_public: isPublic ? 1 : 0 })
        .where('print_job_id', '=', id)
        .execute();
    },

    /** Removes the video and its frames; the job then has no video. Answers the stored keys. */
    async deleteVideo(id: number): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const video = await trx
          .selectFrom('videos')
          .select(['video_key', 'photo_key', 'strip_key'])
          .where('print_job_id', '=', id)
          .executeTakeFirst();
        if (!video) return [];
        const frames = await trx
          .selectFrom('video_frames')
          .select('storage_key')
          .where('video_id', '=', id)
          .execute();
        await trx.deleteFrom('video_frames').where('video_id', '=', id).execute();
        await jobs.remove(trx, encodeKeyOf(id));
        await trx.deleteFrom('videos').where('print_job_id', '=', id).execute();
        await trx
          .updateTable('print_jobs')
          .set({ video_state: 'NOT_RECORDED' })
          .where('id', '=', id)
          .execute();
        return [
          ...frames.map((frame) => frame.storage_key),
          ...[video.video_key, video.photo_key, video.strip_key].filter(
            (key): key is string => key !== null,
          ),
        ];
      });
    },

    listFrames(videoId: number): Promise<FrameRow[]> {
      return db
        .selectFrom('video_frames')
        .selectAll()
        .where('video_id', '=', videoId)
        .orderBy('seq')
        .execute();
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
