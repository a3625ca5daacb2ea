import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/**
 * Issue 26: a workspace's spool inventory, and which spool is loaded on which printer tool.
 * Weights are grams; a spool is never deleted (it is archived), so the jobs that used it keep
 * their record. One spool sits on at most one tool, and one tool holds at most one spool.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('spools'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('color_hex', 'text', (c) => c.notNull())
    .addColumn('color_name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('diameter_mm', 'double precision', (c) => c.notNull())
    .addColumn('initial_weight_g', 'double precision', (c) => c.notNull())
    .addColumn('remaining_weight_g', 'double precision', (c) => c.notNull())
    .addColumn('cost_per_kg', 'double precision')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('low_threshold_g', 'double precision', (c) => c.notNull())
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spools_workspace_idx')
    .on('spools')
    .columns(['workspace_id', 'is_archived', 'id'])
    .execute();

  await db.schema
    .createTable('printer_spools')
    .addColumn('printer_id', 'integer', (c) =>
      c.notNull().references('printers.id').onDelete('cascade'),
    )
    .addColumn('tool', 'integer', (c) => c.notNull())
    .addColumn('spool_id', 'integer', (c) =>
      c.notNull().unique().references('spools.id').onDelete('cascade'),
    )
    .addColumn('loaded_on', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('printer_spools_pk', ['printer_id', 'tool'])
    .execute();
}
