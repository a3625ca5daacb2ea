import type { Kysely } from 'kysely';

/**
 * LAN mode for Bambu Lab and PrusaLink printers (issue 25): the Bambu serial number, the
 * PrusaLink user, the access code or password sealed (crypto/secret-box.ts, never in clear),
 * and the Bambu certificate fingerprint pinned on first contact, kept with the printer so that
 * a changed certificate is refused after a restart too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['serial', 'user_name', 'password_sealed', 'certificate_sha256']) {
    await db.schema.alterTable('lan_printers').addColumn(column, 'text').execute();
  }
}
