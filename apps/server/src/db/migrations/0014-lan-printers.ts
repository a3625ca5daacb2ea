import type { Kysely } from 'kysely';

/**
 * LAN mode (issue 17): a printer the server reaches itself, through a built-in agent. Its
 * device key is made by the server and never shown; this row says what the built-in agent
 * drives. The OctoPrint API key is sealed (crypto/secret-box.ts), never stored in clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lan_printers')
    .addColumn('device_key_id', 'integer', (c) =>
      c.primaryKey().references('device_keys.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text')
    .addColumn('created_on', 'text', (c) => c.notNull())
    .execute();
}
