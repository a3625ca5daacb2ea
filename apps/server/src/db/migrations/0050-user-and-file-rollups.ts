import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { rollUpEndedJobsByUserAndFile } from '../../modules/stats/job-rollups-backfill.js';

/**
 * Issue 31: statistics per user and per file from roll-ups kept in the transaction that ends a
 * job (job-rollups-by-user-and-file.ts), and the days' count of ended jobs without a file
 * (moved there when a file is deleted), so the statistics no longer count the history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('job_rollup_days')
    .addColumn('jobs_without_file', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('job_rollup_user_days')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (c) => c.notNull())
    // no reference: a deleted user's rows stay and read as no user, as their jobs do
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('done_jobs', 'integer', (c) => c.notNull())
    .addColumn('grams', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .addColumn('cost', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_rollup_user_days_pk', [
      'workspace_id',
      'day',
      'user_id',
      'username',
    ])
    .execute();
  await db.schema
    .createTable('job_rollup_files')
    .addColumn('file_id', 'integer', (c) =>
      c.primaryKey().references('files.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'integer', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('done_jobs', 'integer', (c) => c.notNull())
    .addColumn('grams', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .addColumn('cost', 'double precision', (c) => c.notNull())
    .addColumn('last_started_on', 'text', (c) => c.notNull())
    .execute();
  // a workspace's most printed files first
  await db.schema
    .createIndex('job_rollup_files_workspace_jobs_idx')
    .on('job_rollup_files')
    .columns(['workspace_id', 'jobs', 'file_id'])
    .execute();

  // every job ended so far, counted once, the way an ending job is counted
  await rollUpEndedJobsByUserAndFile(db as unknown as Kysely<Database>);
}
