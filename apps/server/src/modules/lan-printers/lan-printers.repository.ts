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

    /** Every LAN printer whose key is live: the agents to start with the server. */
    listLive(): Promise<LanPrinterRow[]> {
      return db
        .selectFrom('lan_printers as l')
        .innerJoin('device_keys as k', 'k.id', 'l.device_key_id')
        .selectAll('l')
        .where('k.revoked_on', 'is', null)
        .orderBy('l.device_key_id')
        .execute();
    },
  };
}

export type LanPrintersRepository = ReturnType<typeof createLanPrintersRepository>;
