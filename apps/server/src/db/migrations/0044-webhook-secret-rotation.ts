import type { Kysely } from 'kysely';

/**
 * Issue 28: a webhook's secret can be rotated. The previous secret keeps signing (a second
 * `v1=`) until `previous_secret_until`, so receivers can switch without missing a delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('previous_secret_sealed', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('previous_secret_until', 'text').execute();
}
