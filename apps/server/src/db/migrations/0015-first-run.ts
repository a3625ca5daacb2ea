import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 (first run): one row, id 1, records that the first account was made. Its primary
 * key makes the claim atomic on both dialects: of two welcome forms sent at the same moment,
 * one insert wins and the other finds the row taken. An install that already has accounts is
 * closed from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('first_run_claims')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_on', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO first_run_claims (id, user_id, claimed_on)
    SELECT 1, MIN(id), MIN(created_on) FROM users HAVING COUNT(*) > 0`.execute(db);
}
