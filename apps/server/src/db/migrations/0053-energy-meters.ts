import type { Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 26, energy from a power device: a printer may name the smart plug that meters it
 * (Tasmota or Shelly, on the printers' network). A job keeps the meter's counter when it
 * started (`energy_meter_start_wh`) and, at its end, the energy measured in between
 * (`energy_kwh`), which its energy cost then uses instead of the printer's average power.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('printer_energy_meters')
    .addColumn('printer_id', 'integer', (c) =>
      c.primaryKey().references('printers.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull())
    .addColumn('updated_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('print_jobs')
    .addColumn('energy_meter_start_wh', 'double precision')
    .execute();
  await db.schema.alterTable('print_jobs').addColumn('energy_kwh', 'double precision').execute();
}
