import type { Kysely } from 'kysely';

/**
 * Issue 23: timelapse frames could fill the server's disk (20,000 frames of 2 MiB, about 40 GiB
 * a job). Each video counts its frames' bytes (a double: exact to 2^53, and a number on both
 * databases), so the per-job and per-workspace quotas read one row or one workspace's videos,
 * never every frame; `recording_stopped` says which quota ended the recording.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('frame_bytes', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('videos').addColumn('recording_stopped', 'text').execute();
}
