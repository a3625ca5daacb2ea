import type { Db } from '../../db/database.js';
import type { PlateState } from '../../db/schema.js';
import { withQueuePrinterVersion } from './queue-printer-versions.repository.js';

/**
 * Whether each printer's plate is known to be clear. No row means nobody knows: an automatic
 * start needs `clear`, and takes it (clear -> in_use) together with the item it starts.
 */
export function createPrinterPlatesRepository(db: Db) {
  return {
    async setPlate(printerId: number, state: PlateState, on: string, trx: Db = db): Promise<void> {
      await withQueuePrinterVersion(trx, { printerId }, (write) =>
        write
          .insertInto('printer_plates')
          .values({ printer_id: printerId, state, changed_on: on })
          .onConflict((conflict) =>
            conflict.column('printer_id').doUpdateSet({ state, changed_on: on }),
          )
          .execute(),
      );
    },

    /**
     * Something was put on the plate at `since` (a job started, the printer began printing or
     * failed): the plate is in use unless it changed after that moment. A short print's end
     * recorded first (its plate cleared by the jobox) is not undone by its start's late write;
     * one statement, so no end commits between the look and the write.
     */
    async takePlateSince(printerId: number, since: string, on: string): Promise<void> {
      await withQueuePrinterVersion(db, { printerId }, (write) =>
        write
          .insertInto('printer_plates')
          .values({ printer_id: printerId, state: 'in_use', changed_on: on })
          .onConflict((conflict) =>
            conflict
              .column('printer_id')
              .doUpdateSet({ state: 'in_use', changed_on: on })
              .where('printer_plates.changed_on', '<=', since),
          )
          .execute(),
      );
    },

    /** An automatic start that the device refused gives the plate back: nothing was printed. */
    async returnPlate(printerId: number, on: string): Promise<void> {
      await withQueuePrinterVersion(db, { printerId }, (write) =>
        write
          .updateTable('printer_plates')
          .set({ state: 'clear', changed_on: on })
          .where('printer_id', '=', printerId)
          .where('state', '=', 'in_use')
          .execute(),
      );
    },

    async findPlates(printerIds: number[]) {
      if (printerIds.length === 0) return [];
      return db
        .selectFrom('printer_plates')
        .select(['printer_id', 'state'])
        .where('printer_id', 'in', printerIds)
        .execute();
    },

    /** A workspace's enabled printers in service with their filament and plate: who may take queue work. */
    listQueuePrinters(workspaceId: number) {
      return db
        .selectFrom('printers as p')
        .leftJoin('printer_plates as pl', 'pl.printer_id', 'p.id')
        .select(['p.id', 'p.device_key_id', 'p.filament_type', 'pl.state as plate'])
        .where('p.workspace_id', '=', workspaceId)
        .where('p.enabled', '=', 1)
        .where('p.out_of_service_reason', 'is', null)
        .execute();
    },

    /** Every workspace's record of one device: they share its plate. */
    findPrintersOfDevice(deviceKeyId: number) {
      return db
        .selectFrom('printers')
        .select(['id', 'workspace_id'])
        .where('device_key_id', '=', deviceKeyId)
        .execute();
    },

    /** Enabled printers in service with a clear plate in workspaces whose queue is on: who may take work. */
    findClearPrinters() {
      return db
        .selectFrom('printer_plates as pl')
        .innerJoin('printers as p', 'p.id', 'pl.printer_id')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select(['p.id', 'p.device_key_id', 'p.workspace_id'])
        .where('pl.state', '=', 'clear')
        .where('p.enabled', '=', 1)
        .where('p.out_of_service_reason', 'is', null)
        .where('w.print_queue_enabled', '=', 1)
        .execute();
    },
  };
}

export type PrinterPlatesRepository = ReturnType<typeof createPrinterPlatesRepository>;
