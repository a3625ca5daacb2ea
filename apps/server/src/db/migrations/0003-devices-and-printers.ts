import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from './migration-helpers.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await addIdColumn(db.schema.createTable('device_keys'), dialect)
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .addColumn('last_seen_on', 'text')
    .addColumn('revoked_on', 'text')
    .execute();

  await addIdColumn(db.schema.createTable('printers'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('device_key_id', 'integer', (c) => c.notNull().references('device_keys.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('filament_type', 'text')
    .addColumn('camera_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('camera_rotation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('jobox_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('printers_workspace_idx')
    .on('printers')
    .column('workspace_id')
    .execute();
  await db.schema
    .createIndex('printers_device_key_idx')
    .on('printers')
    .column('device_key_id')
    .execute();

  await addIdColumn(db.schema.createTable('printer_groups'), dialect)
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('printer_groups_workspace_idx')
    .on('printer_groups')
    .column('workspace_id')
    .execute();

  await db.schema
    .createTable('printer_group_members')
    .addColumn('printer_group_id', 'integer', (c) =>
      c.notNull().references('printer_groups.id').onDelete('cascade'),
    )
    .addColumn('printer_id', 'integer', (c) =>
      c.notNull().references('printers.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('printer_group_members_pk', ['printer_group_id', 'printer_id'])
    .execute();
  await db.schema
    .createIndex('printer_group_members_printer_idx')
    .on('printer_group_members')
    .column('printer_id')
    .execute();
}
