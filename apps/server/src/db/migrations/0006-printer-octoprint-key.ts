import type { Kysely } from 'kysely';

/**
 * The OctoPrint API key typed in when an OctoPrint printer is added. The server hands it to the
 * printer's agent (which needs it to talk to OctoPrint) and never shows it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('printers').addColumn('octoprint_api_key', 'text').execute();
}
