import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PrintersTable } from '../../db/schema.js';
import { withQueuePrinterVersion } from '../print-queue/queue-printer-versions.repository.js';

export type PrinterRow = Selectable<PrintersTable>;

export function createPrintersRepository(db: Db) {
  return {
    async insertPrinter(printer: Omit<PrinterRow, 'id'>): Promise<number> {
      const { id } = await withQueuePrinterVersion(
        db,
        { workspaceId: printer.workspace_id },
        (trx) =>
          trx.insertInto('printers').values(printer).returning('id').executeTakeFirstOrThrow(),
      );
      return id;
    },

    findPrinterById(id: number): Promise<PrinterRow | undefined> {
      return db.selectFrom('printers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findPrintersByIds(ids: number[]): Promise<PrinterRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('printers').selectAll().where('id', 'in', ids).execute();
    },

    listWorkspacePrinters(workspaceId: number): Promise<PrinterRow[]> {
      return db
        .selectFrom('printers')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /**
     * A workspace's printers and their devices, in the printers page's order: what the live
     * states read per poll needs, and no more (every column of 100 rows cost a poll more).
     */
    listWorkspacePrinterDevices(
      workspaceId: number,
    ): Promise<Array<Pick<PrinterRow, 'id' | 'device_key_id'>>> {
      return db
        .selectFrom('printers')
        .select(['id', 'device_key_id'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    /** Every printer record (in any workspace) of the given devices: their instances. */
    listInstances(deviceKeyIds: number[]) {
      if (deviceKeyIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('printers')
        .select(['id', 'workspace_id', 'device_key_id'])
        .where('device_key_id', 'in', deviceKeyIds)
        .execute();
    },

    /** Those of these printers with any print job: one index step each (printer_id, id). */
    async listPrintedPrinterIds(printerIds: number[]): Promise<Set<number>> {
      if (printerIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('printers as p')
        .select('p.id')
        .where('p.id', 'in', printerIds)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('print_jobs as j').select('j.id').whereRef('j.printer_id', '=', 'p.id'),
          ),
        )
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    listPlateStates(printerIds: number[]) {
      if (printerIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('printer_plates')
        .select(['printer_id', 'state'])
        .where('printer_id', 'in', printerIds)
        .execute();
    },

    listGroupMemberships(printerIds: number[]) {
      if (printerIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('printer_group_members')
        .selectAll()
        .where('printer_id', 'in', printerIds)
        .execute();
    },

    async updatePrinter(
      id: number,
      changes: Partial<Omit<PrinterRow, 'id' | 'workspace_id' | 'device_key_id' | 'created_on'>>,
    ): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await withQueuePrinterVersion(db, { printerId: id }, (trx) =>
        trx.updateTable('printers').set(changes).where('id', '=', id).execute(),
      );
    },

    async deletePrinter(id: number): Promise<void> {
      await withQueuePrinterVersion(db, { printerId: id }, (trx) =>
        trx.deleteFrom('printers').where('id', '=', id).execute(),
      );
    },

    async setDeviceType(deviceKeyId: number, deviceType: string): Promise<void> {
      await db
        .updateTable('printers')
        .set({ device_type: deviceType })
        .where('device_key_id', '=', deviceKeyId)
        .where('device_type', '!=', deviceType)
        .execute();
    },

    /** The newest OctoPrint API key any workspace keeps for this device. */
    async findOctoprintKey(deviceKeyId: number): Promise<string | null> {
      const row = await db
        .selectFrom('printers')
        .select('octoprint_api_key')
        .where('device_key_id', '=', deviceKeyId)
        .where('octoprint_api_key', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.octoprint_api_key ?? null;
    },

    async listOctoprintKeys(): Promise<{ id: number; key: string }[]> {
      const rows = await db
        .selectFrom('printers')
        .select(['id', 'octoprint_api_key'])
        .where('octoprint_api_key', 'is not', null)
        .execute();
      return rows.map((row) => ({ id: row.id, key: row.octoprint_api_key! }));
    },

    /** Swaps a stored key for its sealed form, unless someone changed it meanwhile. */
    async replaceOctoprintKey(printerId: number, was: string, sealed: string): Promise<void> {
      await db
        .updateTable('printers')
        .set({ octoprint_api_key: sealed })
        .where('id', '=', printerId)
        .where('octoprint_api_key', '=', was)
        .execute();
    },

    async countWorkspacePrinters(workspaceId: number): Promise<number> {
      const { n } = await db
        .selectFrom('printers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

export type PrintersRepository = ReturnType<typeof createPrintersRepository>;
