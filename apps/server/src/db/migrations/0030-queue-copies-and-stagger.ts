import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, copies and staggered starts. Copies of one request are queue items of one copy group
 * (the first copy's id), numbered 1..N, so the queue shows "3 of 10 done". A workspace may limit
 * how many of its printers heat at once and the seconds between two automatic starts;
 * `last_auto_start_on` is taken by a conditional update, so two instances cannot both start.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('print_queue_items').addColumn('copy_group_id', 'integer').execute();
  await db.schema.alterTable('print_queue_items').addColumn('copy_index', 'integer').execute();
  await db.schema.alterTable('print_queue_items').addColumn('copy_count', 'integer').execute();
  await db.schema
    .createIndex('print_queue_items_copy_group_idx')
    .on('print_queue_items')
    .column('copy_group_id')
    .execute();
  await db.schema.alterTable('workspaces').addColumn('stagger_max_heating', 'integer').execute();
  await db.schema.alterTable('workspaces').addColumn('stagger_interval_s', 'integer').execute();
  await db.schema.alterTable('workspaces').addColumn('last_auto_start_on', 'text').execute();
}
