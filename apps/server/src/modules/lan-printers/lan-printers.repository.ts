import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LanPrintersTable } from '../../db/schema.js';

export type LanPrinterRow = Selectable<LanPrintersTable>;

/** What each LAN printer's built-in agent drives (migration 0014). */
export function createLanPrintersRepository(db: Db) {
  return {
    async insert(row: LanPrinterRow): Promise<void> {
      await db.insertInto('lan_printers').values(row).execute();
    },

    /** A LAN printer whose printer could not be made: its row goes and its key is revoked. */
    async dropUnfinished(deviceKeyId: number, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('lan_printers').where('device_key_id', '=', deviceKeyId).execute();
        await trx
          .updateTable('device_keys')
          .set({ revoked_on: now })
          .where('id', '=', deviceKeyId)
          .execute();
      });
    },

    /**
     * Every LAN printer whose key is live and whose printer is enabled: the agents to run. A
     * disabled printer's agent lets go of its host (Moonraker's agent slot, OctoPrint's socket).
     */
    listLive(): Promise<LanPrinterRow[]> {
      return db
        .selectFrom('lan_printers as l')
        .innerJoin('device_keys as k', 'k.id', 'l.device_key_id')
        .selectAll('l')
        .where('k.revoked_on', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('printers as p')
              .select('p.id')
              .whereRef('p.device_key_id', '=', 'l.device_key_id')
              .where('p.enabled', '=', 1),
          ),
        )
        .orderBy('l.device_key_id')
        .execute();
    },

    /** Every LAN printer, enabled or not. */
    listAll(): Promise<LanPrinterRow[]> {
      return db.selectFrom('lan_printers').selectAll().execute();
    },

    findByDeviceKey(deviceKeyId: number): Promise<LanPrinterRow | undefined> {
      return db
        .selectFrom('lan_printers')
        .selectAll()
        .where('device_key_id', '=', deviceKeyId)
        .executeTakeFirst();
    },

    /** A new address or credentials (issue 25), tried before they come here. */
    async updateConnection(
      deviceKeyId: number,
      change: Partial<Omit<LanPrinterRow, 'device_key_id' | 'created_on'>>,
    ): Promise<void> {
      await db
        .updateTable('lan_printers')
        .set(change)
        .where('device_key_id', '=', deviceKeyId)
        .execute();
    },

    async updateApiKey(deviceKeyId: number, sealed: string): Promise<void> {
      await db
        .updateTable('lan_printers')
        .set({ api_key_sealed: sealed })
        .where('device_key_id', '=', deviceKeyId)
        .execute();
    },
  };
}

export type LanPrintersRepository = ReturnType<typeof createLanPrintersRepository>;
