import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ApiKeysTable } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export function createApiKeysRepository(db: Db) {
  return {
    async insertApiKey(key: Insertable<ApiKeysTable>): Promise<ApiKeyRow> {
      return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
    },

    /** The user's keys, with the limiting workspace's name and whether the owner is still in it. */
    listApiKeys(userId: number) {
      return db
        .selectFrom('api_keys as k')
        .leftJoin('workspaces as w', 'w.id', 'k.workspace_id')
        .leftJoin('memberships as m', (join) =>
          join.onRef('m.workspace_id', '=', 'k.workspace_id').onRef('m.user_id', '=', 'k.user_id'),
        )
        .selectAll('k')
        .select(['w.name as workspace_name', 'm.role as owner_role'])
        .where('k.user_id', '=', userId)
        .orderBy('k.id', 'desc')
        .execute();
    },

    /** The workspace a printer or a file belongs to, for a key limited to one workspace. */
    async findObjectWorkspace(table: 'printers' | 'files', id: number): Promise<number | null> {
      const row = await db
        .selectFrom(table)
        .select('workspace_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.workspace_id ?? null;
    },

    async countApiKeys(userId: number): Promise<number> {
      const { n } = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    findApiKeyByPublicId(publicId: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst();
    },

    /** Only the owner's own key is deleted; false when there was none. */
    async deleteApiKey(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('api_keys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async touchApiKey(id: number, nowIso: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_on: nowIso }).where('id', '=', id).execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
