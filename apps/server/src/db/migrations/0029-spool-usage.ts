import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, consumption: a file keeps its grams per extruder (a JSON array, tool 0 first), and
 * each ended job records what it took from each loaded spool. One row per job and tool: the
 * primary key makes a replayed ending unable to take twice.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('files').addColumn('filament_used_g_per_tool', 'text').execute();

  await db.schema
    .createTable('print_job_spool_usage')
    .addColumn('print_job_id', 'integer', (c) =>
      c.notNull().references('print_jobs.id').onDelete('cascade'),
    )
    .addColumn('tool', 'integer', (c) => c.notNull())
    .addColumn('spool_id', 'integer', (c) =>
      c.notNull().references('spools.id').onDelete('cascade'),
    )
    .addColumn('grams', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('print_job_spool_usage_pk', ['print_job_id', 'tool'])
    .execute();
  await db.schema
    .createIndex('print_job_spool_usage_spool_idx')
    .on('print_job_spool_usage')
    .column('spool_id')
    .execute();
}
