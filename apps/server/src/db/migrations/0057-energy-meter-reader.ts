import type { Kysely } from 'kysely';

/**
 * Issue 26, energy from a power device: who reads a printer's plug. `agent`: the printer's
 * agent, on its own network (the server asks it over the device protocol); `server`: the
 * server, under LAN_PRINTER_NETWORKS. Meters named before read as they did: by the server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('printer_energy_meters')
    .addColumn('read_by', 'text', (c) => c.notNull().defaultTo('server'))
    .execute();
}
