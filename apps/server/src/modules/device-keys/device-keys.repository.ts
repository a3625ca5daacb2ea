import type { Db } from '../../db/database.js';

export function createDeviceKeysRepository(db: Db) {
  return {
    async insertDeviceKey(key: {
      public_id: string;
      secret_hash: string;
      created_by: number;
      created_on: string;
    }): Promise<number> {
      const { id } = await db
        .insertInto('device_keys')
        .values({ ...key, last_seen_on: null, revoked_on: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    findDeviceKeyByPublicId(publicId: string) {
      return db
        .selectFrom('device_keys')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst();
    },

    async touchDeviceKey(id: number, nowIso: string): Promise<void> {
      await db
        .updateTable('device_keys')
        .set({ last_seen_on: nowIso })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type DeviceKeysRepository = ReturnType<typeof createDeviceKeysRepository>;
