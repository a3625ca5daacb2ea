import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { rebuildMonthRollups } from '../../modules/stats/job-rollup-months.js';

/**
 * Issue 31: the per-printer and per-user roll-ups also by month (job-rollup-months.ts), so a
 * year of charts or per-user statistics reads about 12 rows per printer or user plus the days
 * of the partial months at its ends, not 365.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_rollup_printer_months')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('month', 'text', (c) => c.notNull())
    // no reference: a deleted printer's rows stay and read as no printer, as its days do
    .addColumn('printer_id', 'integer', (c) => c.notNull())
    .addColumn('printer_name', 'text', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('done_seconds', 'double precision', (c) => c.notNull())
    .addColumn('share_seconds', 'double precision', (c) => c.notNull())
    .addColumn('cost', 'double precision', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('job_rollup_printer_months_pk', [
      'workspace_id',
      'month',
      'printer_id',
      'printer_name',
    ])
    .execute();
  await db.schema
    .createTable('job_rollup_user_months')
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('month', 'text', (c) => c.notNull())
    // no reference: a deleted user's rows stay and read as no user, as their days do
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('done_jobs', 'integer', (c) => c.notNull())
    .addColumn('grams', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'double precision', (c) => c.notNull())
    .addColumn('cost', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_rollup_user_months_pk', [
      'workspace_id',
      'month',
      'user_id',
      'username',
    ])
    .execute();

  // the months of every day rolled up so far
  await rebuildMonthRollups(db as unknown as Kysely<Database>);
}
