import type { LoadedFilament, SpoolMaterial } from '@printdeck/shared';
import type { Db } from '../../db/database.js';
import {
  moveQueuePrinterVersion,
  withQueuePrinterVersion,
} from '../print-queue/queue-printer-versions.repository.js';
import type { SpoolWithPlace } from './spools.repository.js';

export interface LoadedSpoolRow extends SpoolWithPlace {
  loaded_printer_id: number;
  loaded_tool: number;
  loaded_on: string;
}

/** Which spool sits on which printer tool; a spool on one tool at most (unique spool_id). */
export function createPrinterSpoolsRepository(db: Db) {
  const loaded = (trx: Db) =>
    trx
      .selectFrom('printer_spools as ps')
      .innerJoin('spools as s', 's.id', 'ps.spool_id')
      .innerJoin('printers as p', 'p.id', 'ps.printer_id')
      .selectAll('s')
      .select([
        'ps.printer_id as loaded_printer_id',
        'p.name as loaded_printer_name',
        'ps.tool as loaded_tool',
        'ps.loaded_on',
      ]);

  return {
    /** Every loaded spool of a workspace's printers, by printer and tool. */
    listWorkspaceLoaded(workspaceId: number, trx: Db = db): Promise<LoadedSpoolRow[]> {
      return loaded(trx)
        .where('p.workspace_id', '=', workspaceId)
        .orderBy('ps.printer_id')
        .orderBy('ps.tool')
        .execute();
    },

    listPrinterLoaded(printerId: number, trx: Db = db): Promise<LoadedSpoolRow[]> {
      return loaded(trx).where('ps.printer_id', '=', printerId).orderBy('ps.tool').execute();
    },

    /** What each of these printers has loaded, for the filament check of every start. */
    async listLoadedFilament(
      printerIds: number[],
      trx: Db = db,
    ): Promise<Map<number, LoadedFilament[]>> {
      const byPrinter = new Map<number, LoadedFilament[]>();
      if (printerIds.length === 0) return byPrinter;
      const rows = await trx
        .selectFrom('printer_spools as ps')
        .innerJoin('spools as s', 's.id', 'ps.spool_id')
        .select(['ps.printer_id', 's.material', 's.remaining_weight_g', 's.color_hex'])
        .where('ps.printer_id', 'in', printerIds)
        .orderBy('ps.printer_id')
        .orderBy('ps.tool')
        .execute();
      for (const row of rows) {
        const spool = {
          material: row.material as SpoolMaterial,
          remaining_weight_g: row.remaining_weight_g,
          color_hex: row.color_hex,
        };
        byPrinter.set(row.printer_id, [...(byPrinter.get(row.printer_id) ?? []), spool]);
      }
      return byPrinter;
    },

    /**
     * Holds the printer and the spool rows until commit (PostgreSQL; SQLite has one writer), in
     * that order everywhere, so two loads touching either wait for each other instead of
     * breaking a unique key.
     */
    async lockPrinterAndSpool(printerId: number, spoolId: number | null, trx: Db) {
      await trx
        .updateTable('printers')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', printerId)
        .execute();
      if (spoolId !== null) {
        await trx
          .updateTable('spools')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', '=', spoolId)
          .execute();
      }
    },

    /**
     * Puts the spool on the tool: it leaves wherever it was, the tool's previous spool comes off.
     * The queue's wait reasons read what is loaded: their version moves in the same transaction
     * (a spool stays in its workspace, so the printer's workspace is the one it leaves as well).
     */
    async loadSpool(
      input: { printerId: number; tool: number; spoolId: number; now: string },
      trx: Db,
    ): Promise<void> {
      await moveQueuePrinterVersion(trx, { printerId: input.printerId });
      await trx.deleteFrom('printer_spools').where('spool_id', '=', input.spoolId).execute();
      await trx
        .deleteFrom('printer_spools')
        .where('printer_id', '=', input.printerId)
        .where('tool', '=', input.tool)
        .execute();
      await trx
        .insertInto('printer_spools')
        .values({
          printer_id: input.printerId,
          tool: input.tool,
          spool_id: input.spoolId,
          loaded_on: input.now,
        })
        .execute();
    },

    /** Answers whether a spool was on the tool; moves the queue's version with the unload. */
    async unloadTool(printerId: number, tool: number, trx: Db = db): Promise<boolean> {
      const result = await withQueuePrinterVersion(trx, { printerId }, (write) =>
        write
          .deleteFrom('printer_spools')
          .where('printer_id', '=', printerId)
          .where('tool', '=', tool)
          .executeTakeFirst(),
      );
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type PrinterSpoolsRepository = ReturnType<typeof createPrinterSpoolsRepository>;
