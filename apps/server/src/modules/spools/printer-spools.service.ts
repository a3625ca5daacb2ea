import type { PrinterSpool } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, fieldError, notFound } from '../../http/app-error.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { LoadedSpoolRow, PrinterSpoolsRepository } from './printer-spools.repository.js';
import type { SpoolsRepository } from './spools.repository.js';
import { toSpool } from './spools.service.js';

interface Deps {
  db: Db;
  loaded: PrinterSpoolsRepository;
  spools: SpoolsRepository;
  workspaces: WorkspacesService;
  getPrinterForUser: GetPrinterForUser;
  clock: Clock;
  /** what a printer has loaded changed: the queue may have work for it now */
  onLoadedChanged?: (printerId: number) => void;
}

export const toPrinterSpool = (row: LoadedSpoolRow): PrinterSpool => ({
  printer_id: row.loaded_printer_id,
  tool: row.loaded_tool,
  loaded_on: row.loaded_on,
  spool: toSpool(row),
});

/**
 * Loaded filament (issue 26): the spool on each tool of a printer. An operator with
 * MANAGE_SPOOLS loads, swaps and unloads; every member reads.
 */
export function createPrinterSpoolsService(deps: Deps) {
  const { db, loaded, spools, workspaces, getPrinterForUser, clock } = deps;
  return {
    async listWorkspaceLoaded(userId: number, workspaceId: number): Promise<PrinterSpool[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return (await loaded.listWorkspaceLoaded(workspaceId)).map(toPrinterSpool);
    },

    /** Loads a spool of the printer's workspace on a tool, taking it off wherever it was. */
    async loadSpool(
      userId: number,
      input: { printerId: number; tool: number; spoolId: number },
    ): Promise<PrinterSpool[]> {
      const printer = await getPrinterForUser(userId, input.printerId, 'MANAGE_SPOOLS');
      await db.transaction().execute(async (trx) => {
        await loaded.lockPrinterAndSpool(printer.id, input.spoolId, trx);
        const spool = await spools.findSpool(printer.workspace_id, input.spoolId, trx);
        if (!spool) throw fieldError('spool_id', 'Unknown spool.');
        if (spool.is_archived === 1) {
          throw new AppError('conflict', 'An archived spool cannot be loaded; restore it first.');
        }
        await loaded.loadSpool(
          { ...input, printerId: printer.id, now: clock.now().toISOString() },
          trx,
        );
      });
      deps.onLoadedChanged?.(printer.id);
      return (await loaded.listPrinterLoaded(printer.id)).map(toPrinterSpool);
    },

    async unloadTool(userId: number, printerId: number, tool: number): Promise<void> {
      const printer = await getPrinterForUser(userId, printerId, 'MANAGE_SPOOLS');
      if (!(await loaded.unloadTool(printer.id, tool))) {
        throw notFound('No spool is loaded on this tool.');
      }
      deps.onLoadedChanged?.(printer.id);
    },
  };
}

export type PrinterSpoolsService = ReturnType<typeof createPrinterSpoolsService>;
