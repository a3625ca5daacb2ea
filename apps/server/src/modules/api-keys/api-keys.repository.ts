import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ApiKeysTable } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export function createApiKeysRepository(db: Db) {
  return {
    async insertApiKey(key: Insertable<ApiKeysTable>): Promise<ApiKeyRow> {
      return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
    },

    listApiKeys(userId: number): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
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
