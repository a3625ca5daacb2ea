import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

/** G-code files, their previews, and the label tree of each workspace. */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('files'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    // name folded by the server (Unicode lower case), so search is the same on both dialects
    .addColumn('search_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('filament_type', 'text')
    .addColumn('filament_color', 'text')
    .addColumn('uploaded_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_on', 'text', (c) => c.notNull())
    .addColumn('slicer', 'text')
    .addColumn('printing_time_sec', 'double precision')
    .addColumn('layer_height_mm', 'double precision')
    .addColumn('filament_used_mm', 'double precision')
    .addColumn('filament_used_g', 'double precision')
    .addColumn('nozzle_diameter_mm', 'double precision')
    .execute();
  // keyset paging: newest first within a workspace
  await db.schema
    .createIndex('files_workspace_uploaded_idx')
    .on('files')
    .columns(['workspace_id', 'uploaded_on', 'id'])
    .execute();

  await addIdColumn(db.schema.createTable('file_previews'), dialect)
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('file_previews_file_idx')
    .on('file_previews')
    .column('file_id')
    .execute();

  await addIdColumn(db.schema.createTable('file_labels'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('file_labels.id').onDelete('set null'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_labels_workspace_idx')
    .on('file_labels')
    .column('workspace_id')
    .execute();
  await db.schema
    .createIndex('file_labels_parent_idx')
    .on('file_labels')
    .column('parent_id')
    .execute();

  await db.schema
    .createTable('file_label_assignments')
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) =>
      c.notNull().references('file_labels.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('file_label_assignments_pk', ['file_id', 'label_id'])
    .execute();
  await db.schema
    .createIndex('file_label_assignments_label_idx')
    .on('file_label_assignments')
    .column('label_id')
    .execute();
}
