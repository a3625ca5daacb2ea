import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationPreferencesTable } from '../../db/schema.js';
import type { QuietHours } from './quiet-hours.js';
import type { DigestSetting } from './notification-digest.js';

export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>;

/** A member's quiet hours and digest hour (migration 0043); no row: neither. */
export function createNotificationPreferencesRepository(db: Db) {
  return {
    find(userId: number): Promise<NotificationPreferencesRow | undefined> {
      return db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async save(row: NotificationPreferencesRow): Promise<void> {
      await db
        .insertInto('notification_preferences')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            time_zone: row.time_zone,
            quiet_start: row.quiet_start,
            quiet_end: row.quiet_end,
            errors_pierce: row.errors_pierce,
            digest_hour: row.digest_hour,
            updated_on: row.updated_on,
          }),
        )
        .execute();
    },

    /** The member's digest hour, or null. */
    async findDigest(userId: number): Promise<DigestSetting | null> {
      const row = await this.find(userId);
      if (row?.digest_hour === null || row?.digest_hour === undefined) return null;
      return {
        timeZone: row.time_zone,
        hour: row.digest_hour,
        errorsPierce: row.errors_pierce === 1,
      };
    },

    /** What the delivery job needs: the member's quiet hours, or null. */
    async findQuietHours(userId: number): Promise<QuietHours | null> {
      const row = await this.find(userId);
      if (!row?.quiet_start || !row.quiet_end) return null;
      return {
        timeZone: row.time_zone,
        start: row.quiet_start,
        end: row.quiet_end,
        errorsPierce: row.errors_pierce === 1,
      };
    },
  };
}

export type NotificationPreferencesRepository = ReturnType<
  typeof createNotificationPreferencesRepository
>;
