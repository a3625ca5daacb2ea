import type { Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, NotificationChannelsTable } from '../../db/schema.js';

export type ChatChannelRow = Selectable<NotificationChannelsTable>;
type Executor = Db | Transaction<Database>;

/** A member's ntfy, Discord and Slack channels (migration 0043). */
export function createChatChannelsRepository(db: Db) {
  return {
    listOwn(userId: number): Promise<ChatChannelRow[]> {
      return db
        .selectFrom('notification_channels')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    findOwn(userId: number, id: number): Promise<ChatChannelRow | undefined> {
      return db
        .selectFrom('notification_channels')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findById(id: number): Promise<ChatChannelRow | undefined> {
      return db
        .selectFrom('notification_channels')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** In the event's transaction: the enabled channels of the workspace's members. */
    async listForWorkspace(trx: Executor, workspaceId: number, kind: string) {
      const rows = await trx
        .selectFrom('notification_channels as c')
        .innerJoin('memberships as m', 'm.user_id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'c.kind', 'c.events'])
        .where('m.workspace_id', '=', workspaceId)
        .where('c.is_enabled', '=', 1)
        .orderBy('c.id')
        .execute();
      return rows.filter((row) => (JSON.parse(row.events) as string[]).includes(kind));
    },

    insert(row: Omit<ChatChannelRow, 'id'>): Promise<ChatChannelRow> {
      return db
        .insertInto('notification_channels')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(id: number, changes: Updateable<NotificationChannelsTable>): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('notification_channels').set(changes).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('notification_channels').where('id', '=', id).execute();
    },
  };
}

export type ChatChannelsRepository = ReturnType<typeof createChatChannelsRepository>;
