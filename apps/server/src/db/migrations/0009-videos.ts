import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Timelapse videos (issue 12). A video belongs to one print job and shares its id; its frames
 * wait in `video_frames` until the encode job made the MP4, the photo and the strip.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('print_job_id', 'integer', (c) =>
      c.primaryKey().references('print_jobs.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('frames_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('frames_corrupt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('frames_dropped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('camera_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('check_flagged', 'integer')
    .addColumn('check_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('duration_sec', 'real')
    .addColumn('video_size', 'integer')
    .addColumn('video_key', 'text')
    .addColumn('photo_key', 'text')
    .addColumn('strip_key', 'text')
    .execute();
  await db.schema
    .createIndex('videos_workspace_idx')
    .on('videos')
    .columns(['workspace_id', 'print_job_id'])
    .execute();

  await db.schema
    .createTable('video_frames')
    .addColumn('video_id', 'integer', (c) =>
      c.notNull().references('videos.print_job_id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('taken_on', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_frames_pk', ['video_id', 'seq'])
    .execute();

  // The durable encode work: written in the transaction that ends the print job.
  await addIdColumn(db.schema.createTable('video_encode_jobs'), dialect)
    .addColumn('video_id', 'integer', (c) =>
      c.notNull().unique().references('videos.print_job_id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('video_encode_jobs_due_idx')
    .on('video_encode_jobs')
    .columns(['state', 'run_after'])
    .execute();
}
