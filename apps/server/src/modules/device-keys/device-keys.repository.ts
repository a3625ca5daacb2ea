import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DeviceKeysTable } from '../../db/schema.js';
import { moveQueuePrinterVersion } from '../print-queue/queue-printer-versions.repository.js';

export type DeviceKeyRow = Selectable<DeviceKeysTable>;

export function createDeviceKeysRepository(db: Db) {
  return {
    async insertDeviceKey(key: {
      public_id: string;
      secret_hash: string;
      created_by: number;
      created_on: string;
      workspace_id: number | null;
    }): Promise<number> {
      const { id } = await db
        .insertInto('device_keys')
        .values({
          ...key,
          last_seen_on: null,
          revoked_on: null,
          identity_hash: null,
          paired_on: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    findDeviceKeyByPublicId(publicId: string): Promise<DeviceKeyRow | undefined> {
      return db
        .selectFrom('device_keys')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst();
    },

    /** The current secret and pairing of these keys; a deleted key is missing. */
    findKeyStates(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('device_keys')
        .select(['id', 'secret_hash', 'identity_hash', 'revoked_on'])
        .where('id', 'in', ids)
        .execute();
    },

    findDeviceKeyById(id: number): Promise<DeviceKeyRow | undefined> {
      return db.selectFrom('device_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async touchDeviceKey(id: number, nowIso: string): Promise<void> {
      await db
        .updateTable('device_keys')
        .set({ last_seen_on: nowIso })
        .where('id', '=', id)
        .execute();
    },

    /** Pairs the key with an agent identity, once: false when it is already paired. */
    async bindIdentity(id: number, identityHash: string, nowIso: string): Promise<boolean> {
      const result = await db
        .updateTable('device_keys')
        .set({ identity_hash: identityHash, paired_on: nowIso })
        .where('id', '=', id)
        .where('identity_hash', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async updateDeviceKey(
      id: number,
      changes: Partial<
        Pick<
          DeviceKeyRow,
          'identity_hash' | 'paired_on' | 'secret_hash' | 'revoked_on' | 'workspace_id'
        >
      >,
    ): Promise<void> {
      await db.updateTable('device_keys').set(changes).where('id', '=', id).execute();
    },

    /** A key without a home workspace gets this one, unless another request was first. */
    async claimHomeWorkspace(id: number, workspaceId: number): Promise<boolean> {
      const result = await db
        .updateTable('device_keys')
        .set({ workspace_id: workspaceId })
        .where('id', '=', id)
        .where('workspace_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The workspace of the key's oldest printer: the home of a key made before homes existed. */
    async findOldestPrinterWorkspace(id: number): Promise<number | null> {
      const row = await db
        .selectFrom('printers')
        .select('workspace_id')
        .where('device_key_id', '=', id)
        .orderBy('id')
        .executeTakeFirst();
      return row?.workspace_id ?? null;
    },

    async countPrinters(id: number): Promise<number> {
      const { n } = await db
        .selectFrom('printers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_key_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** Keys made in the workspace (its admins manage them), newest first, live ones only. */
    listWorkspaceKeys(workspaceId: number): Promise<DeviceKeyRow[]> {
      return db
        .selectFrom('device_keys')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('revoked_on', 'is', null)
        .orderBy('id', 'desc')
        .execute();
    },

    listPrinterNames(keyIds: number[], workspaceId: number) {
      if (keyIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('printers')
        .select(['device_key_id', 'name'])
        .where('device_key_id', 'in', keyIds)
        .where('workspace_id', '=', workspaceId)
        .orderBy('name')
        .execute();
    },

    listShares(keyIds: number[]) {
      if (keyIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('device_key_shares as s')
        .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
        .select(['s.device_key_id', 's.workspace_id', 'w.name'])
        .where('s.device_key_id', 'in', keyIds)
        .orderBy('w.name')
        .execute();
    },

    async isSharedWith(id: number, workspaceId: number): Promise<boolean> {
      const row = await db
        .selectFrom('device_key_shares')
        .select('device_key_id')
        .where('device_key_id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertShare(share: {
      device_key_id: number;
      workspace_id: number;
      shared_by: number;
      created_on: string;
    }): Promise<void> {
      await db
        .insertInto('device_key_shares')
        .values(share)
        .onConflict((oc) => oc.columns(['device_key_id', 'workspace_id']).doNothing())
        .execute();
    },

    /** The share and the printers it allowed in that workspace; false when there was none. */
    async deleteShare(id: number, workspaceId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('device_key_shares')
          .where('device_key_id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        await moveQueuePrinterVersion(trx, { workspaceId });
        const printers = trx
          .selectFrom('printers')
          .select('id')
          .where('device_key_id', '=', id)
          .where('workspace_id', '=', workspaceId);
        await trx.deleteFrom('printer_group_members').where('printer_id', 'in', printers).execute();
        await trx
          .deleteFrom('printers')
          .where('device_key_id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .execute();
        return true;
      });
    },
  };
}

export type DeviceKeysRepository = ReturnType<typeof createDeviceKeysRepository>;
