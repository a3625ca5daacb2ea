import {
  FILAMENT_OF_SPOOL_MATERIAL,
  type FilamentType,
  type LoadedFilament,
} from '@printdeck/shared';
import type { Db } from '../../db/database.js';
import type { PrintQueueStarter } from '../../db/schema.js';
import { moveQueuePrinterVersion } from './queue-printer-versions.repository.js';

/** What an automatic start looks for: the next item a free printer may take. */
export interface NextItemQuery {
  workspaceId: number;
  printerId: number;
  /** items assigned to this printer with jobox_autostart */
  isJoboxPrinter: boolean;
  /** the printer's filament type: a printer with one set takes only files of that type */
  printerFilament: string | null;
  /** the spools on the printer's tools: with any, a file must match one and fit in what is left */
  loadedSpools: readonly LoadedFilament[];
  /** whether to look at the items without a printer too (dispatch) */
  isDispatching: boolean;
  limit: number;
}

/**
 * The queue's side of a start: which item a free printer takes next, the claim that lets one
 * start win, and what the start's outcome writes back. Part of the print queue repository.
 */
export function createQueueStartsRepository(db: Db) {
  return {
    /**
     * Claims an item for a start: only an idle, queued item (and, for an automatic start, a
     * printer whose plate is clear) is taken, in one transaction. Two events or two server
     * instances cannot both win: the loser's conditional update changes no row.
     */
    async claimItem(claim: {
      itemId: number;
      printerId: number;
      startingOn: string;
      consumePlate: boolean;
      /** only items a person has not held back (automatic starts) */
      requireNotHeld: boolean;
    }): Promise<boolean> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (claim.consumePlate) {
            const plate = await trx
              .updateTable('printer_plates')
              .set({ state: 'in_use', changed_on: claim.startingOn })
              .where('printer_id', '=', claim.printerId)
              .where('state', '=', 'clear')
              .executeTakeFirst();
            if (Number(plate.numUpdatedRows) !== 1) return false;
            await moveQueuePrinterVersion(trx, { printerId: claim.printerId });
          }
          let query = trx
            .updateTable('print_queue_items')
            .set({ starting_on: claim.startingOn, printer_id: claim.printerId })
            .where('id', '=', claim.itemId)
            .where('state', '=', 'TO_BE_PRINTED')
            .where('starting_on', 'is', null);
          if (claim.requireNotHeld) query = query.where('is_held', '=', 0);
          const item = await query.executeTakeFirst();
          if (Number(item.numUpdatedRows) !== 1) {
            // Nothing changed for the plate either: throwing rolls the plate claim back.
            if (claim.consumePlate) throw new ClaimLost();
            return false;
          }
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof ClaimLost) return false;
          throw error;
        });
    },

    /** The start happened: the item records the job and the printer and becomes PRINTED. */
    async markPrinted(
      id: number,
      done: {
        printJobId: number;
        printerId: number;
        printedOn: string;
        startedBy: PrintQueueStarter;
      },
    ): Promise<void> {
      await db
        .updateTable('print_queue_items')
        .set({
          state: 'PRINTED',
          print_job_id: done.printJobId,
          printer_id: done.printerId,
          printed_on: done.printedOn,
          started_by: done.startedBy,
          starting_on: null,
          is_held: 0,
          start_error: null,
          start_error_on: null,
        })
        .where('id', '=', id)
        .where('state', '=', 'TO_BE_PRINTED')
        .execute();
    },

    /** The start did not happen: the item stays queued with the reason. */
    async releaseClaim(
      id: number,
      failure: { message: string; on: string; isHeld: boolean; printerId: number | null },
    ): Promise<void> {
      await db
        .updateTable('print_queue_items')
        .set({
          starting_on: null,
          is_held: failure.isHeld ? 1 : 0,
          start_error: failure.message,
          start_error_on: failure.on,
          printer_id: failure.printerId,
        })
        .where('id', '=', id)
        .where('state', '=', 'TO_BE_PRINTED')
        .execute();
    },

    /** Claims older than the cutoff belong to a start that never finished (a server stopped). */
    findStaleClaims(cutoff: string) {
      return db
        .selectFrom('print_queue_items')
        .select(['id', 'printer_id'])
        .where('state', '=', 'TO_BE_PRINTED')
        .where('starting_on', '<', cutoff)
        .execute();
    },

    /**
     * The next items a free printer may take, in queue order: its own auto-start items and the
     * items for any printer, each read from its index in order (two short reads, merged), so a
     * look costs the same however long the queue is.
     */
    async findNextItems(query: NextItemQuery) {
      const waiting = () =>
        db
          .selectFrom('print_queue_items as q')
          .innerJoin('files as f', 'f.id', 'q.file_id')
          .select([
            'q.id',
            'q.printer_id',
            'q.file_id',
            'q.added_by_id',
            'q.make_video',
            'q.position',
          ])
          .where('q.state', '=', 'TO_BE_PRINTED')
          .where('q.starting_on', 'is', null)
          .where('q.is_held', '=', 0)
          .orderBy('q.position')
          .orderBy('q.id')
          .limit(query.limit);
      // spec part 1 §5 rule 3 (isFilamentWrongFor), as the print start checks it
      const fitting = () => {
        const filament = query.printerFilament as FilamentType | null;
        const typed =
          filament === null ? waiting() : waiting().where('f.filament_type', '=', filament);
        if (query.loadedSpools.length === 0) return typed;
        // findLoadedFilamentProblem, as SQL: one loaded spool holds the material and enough of it
        return typed.where((eb) =>
          eb.or(
            query.loadedSpools.map((spool) =>
              eb.and([
                eb.or([
                  eb('f.filament_type', '=', FILAMENT_OF_SPOOL_MATERIAL[spool.material]),
                  eb('f.filament_type', 'is', null),
                ]),
                eb(eb.fn.coalesce('f.filament_used_g', eb.lit(0)), '<=', spool.remaining_weight_g),
              ]),
            ),
          ),
        );
      };
      const own = query.isJoboxPrinter
        ? fitting()
            .where('q.printer_id', '=', query.printerId)
            .where('q.workspace_id', '=', query.workspaceId)
            .where('q.jobox_autostart', '=', 1)
            .execute()
        : Promise.resolve([]);
      const anyPrinter = query.isDispatching
        ? fitting()
            .where('q.workspace_id', '=', query.workspaceId)
            .where('q.printer_id', 'is', null)
            .execute()
        : Promise.resolve([]);
      const rows = (await Promise.all([own, anyPrinter])).flat();
      rows.sort((a, b) => a.position - b.position || a.id - b.id);
      return rows.slice(0, query.limit).map(({ position: _position, ...row }) => row);
    },

    /** Queued items without a printer and their file's filament (for the waiting reason). */
    findDispatchable(workspaceId: number) {
      return db
        .selectFrom('print_queue_items as q')
        .innerJoin('files as f', 'f.id', 'q.file_id')
        .select(['q.id', 'f.filament_type'])
        .where('q.workspace_id', '=', workspaceId)
        .where('q.state', '=', 'TO_BE_PRINTED')
        .where('q.printer_id', 'is', null)
        .execute();
    },
  };
}

class ClaimLost extends Error {}
