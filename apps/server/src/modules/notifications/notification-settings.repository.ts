import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationSettingsTable } from '../../db/schema.js';

export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;

/** Until a user changes anything: both channels off, their alerts ready for when they switch on. */
const DEFAULTS = {
  telegram_enabled: 0,
  telegram_video_failure_alert: 1,
  telegram_print_done: 1,
  email_enabled: 0,
  email_video_failure_alert: 1,
} as const;

export function createNotificationSettingsRepository(db: Db) {
  return {
    /** The user's record for the workspace, made with the defaults on first read. */
    async ensureSettings(
      userId: number,
      workspaceId: number,
      nowIso: string,
    ): Promise<NotificationSettingsRow> {
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, workspace_id: workspaceId, created_on: nowIso, ...DEFAULTS })
        .onConflict((oc) => oc.columns(['user_id', 'workspace_id']).doNothing())
        .execute();
      return db
        .selectFrom('notification_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow();
    },

    /** The user's own record, only while the user is still a member of its workspace. */
    findMemberSettings(userId: number, id: number) {
      return db
        .selectFrom('notification_settings as s')
        .innerJoin('memberships as m', (join) =>
          join.onRef('m.workspace_id', '=', 's.workspace_id').onRef('m.user_id', '=', 's.user_id'),
        )
        .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .selectAll('s')
        .select(['w.name as workspace_name', 'u.email'])
        .where('s.id', '=', id)
        .where('s.user_id', '=', userId)
        .executeTakeFirst();
    },

    async updateSettings(
      id: number,
      changes: Updateable<NotificationSettingsTable>,
    ): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('notification_settings').set(changes).where('id', '=', id).execute();
    },
  };
}

export type NotificationSettingsRepository = ReturnType<
  typeof createNotificationSettingsRepository
>;
