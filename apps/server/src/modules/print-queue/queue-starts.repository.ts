import {
  FILAMENT_OF_SPOOL_MATERIAL,
  isColorMatch,
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

/** A wave of free printers' read (findWaveItems). */
export interface WaveItemQuery {
  workspaceId: number;
  /** the filament type every printer of the wave has set, or null */
  printerFilament: string | null;
  /** every spool loaded on a printer of the wave */
  spools: readonly LoadedFilament[];
  /** whether a printer of the wave has nothing loaded (it takes items requiring no spool) */
  isBareAllowed: boolean;
  limit: number;
}

/** What items fit: the printer filament type, the spools, and the colours the queue requires. */
interface Fit {
  printerFilament: string | null;
  spools: readonly LoadedFilament[];
  isBareAllowed: boolean;
  requiredColors: readonly string[];
}

/**
 * The queue's side of a start: which item a free printer takes next, the claim that lets one
 * start win, and what the start's outcome writes back. Part of the print queue repository.
 */
export function createQueueStartsRepository(db: Db) {
  async function listRequiredColors(workspaceId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('print_queue_items')
      .select('required_color_hex')
      .distinct()
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', 'TO_BE_PRINTED')
      .where('required_color_hex', 'is not', null)
      .execute();
    return rows.map((row) => row.required_color_hex!);
  }

  const selectWaiting = (limit: number) =>
    db
      .selectFrom('print_queue_items as q')
      .innerJoin('files as f', 'f.id', 'q.file_id')
      .select([
        'q.id',
        'q.printer_id',
        'q.file_id',
        'q.added_by_id',
        'q.make_video',
        'q.required_material',
        'q.required_color_hex',
        'q.position',
        'f.filament_type as file_filament_type',
        'f.filament_used_g as file_filament_used_g',
      ])
      .where('q.state', '=', 'TO_BE_PRINTED')
      .where('q.starting_on', 'is', null)
      .where('q.is_held', '=', 0)
      .orderBy('q.position')
      .orderBy('q.id')
      .limit(limit);

  /**
   * Spec part 1 §5 rule 3 (isFilamentWrongFor), as the print start checks it, and
   * findLoadedFilamentProblem as SQL: one loaded spool holds the material and enough of it, and
   * is what the item requires (material, a matching colour) when it requires one; a printer
   * with nothing loaded takes only items that require no spool.
   */
  function selectFitting(fit: Fit, limit: number) {
    const filament = fit.printerFilament as FilamentType | null;
    const typed =
      filament === null
        ? selectWaiting(limit)
        : selectWaiting(limit).where('f.filament_type', '=', filament);
    return typed.where((eb) =>
      eb.or([
        ...(fit.isBareAllowed
          ? [
              eb.and([
                eb('q.required_material', 'is', null),
                eb('q.required_color_hex', 'is', null),
              ]),
            ]
          : []),
        ...fit.spools.map((spool) => {
          const colors = fit.requiredColors.filter((hex) => isColorMatch(hex, spool.color_hex));
          return eb.and([
            eb.or([
              eb('f.filament_type', '=', FILAMENT_OF_SPOOL_MATERIAL[spool.material]),
              eb('f.filament_type', 'is', null),
            ]),
            eb(eb.fn.coalesce('f.filament_used_g', eb.lit(0)), '<=', spool.remaining_weight_g),
            eb.or([
              eb('q.required_material', 'is', null),
              eb('q.required_material', '=', spool.material),
            ]),
            colors.length === 0
              ? eb('q.required_color_hex', 'is', null)
              : eb.or([
                  eb('q.required_color_hex', 'is', null),
                  eb('q.required_color_hex', 'in', colors),
                ]),
          ]);
        }),
      ]),
    );
  }

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
      // the item colours close to each loaded spool's (isColorMatch is not SQL): the distinct
      // colours the workspace's queued items require, few however long the queue is
      const requiredColors =
        query.loadedSpools.length === 0 ? [] : await listRequiredColors(query.workspaceId);
      const fits: Fit = {
        printerFilament: query.printerFilament,
        spools: query.loadedSpools,
        isBareAllowed: query.loadedSpools.length === 0,
        requiredColors,
      };
      const own = query.isJoboxPrinter
        ? selectFitting(fits, query.limit)
            .where('q.printer_id', '=', query.printerId)
            .where('q.workspace_id', '=', query.workspaceId)
            .where('q.jobox_autostart', '=', 1)
            .execute()
        : Promise.resolve([]);
      const anyPrinter = query.isDispatching
        ? selectFitting(fits, query.limit)
            .where('q.workspace_id', '=', query.workspaceId)
            .where('q.printer_id', 'is', null)
            .execute()
        : Promise.resolve([]);
      const rows = (await Promise.all([own, anyPrinter])).flat();
      rows.sort((a, b) => a.position - b.position || a.id - b.id);
      return rows.slice(0, query.limit).map(({ position: _position, ...row }) => row);
    },

    /**
     * One read for a wave of free printers (issue 26): the first items for any printer that at
     * least one of them may take, with their file's filament, for the matching in memory. The
     * spools are the wave's together (each material and colour with the most left of any).
     */
    async findWaveItems(query: WaveItemQuery) {
      const requiredColors =
        query.spools.length === 0 ? [] : await listRequiredColors(query.workspaceId);
      const rows = await selectFitting({ ...query, requiredColors }, query.limit)
        .where('q.workspace_id', '=', query.workspaceId)
        .where('q.printer_id', 'is', null)
        .execute();
      return rows.map(({ position: _position, ...row }) => row);
    },

    /** Of these printers, those with an auto-start item of their own waiting (jobox). */
    async findPrintersWithOwnItems(printerIds: number[]): Promise<Set<number>> {
      if (printerIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('print_queue_items')
        .select('printer_id')
        .distinct()
        .where('printer_id', 'in', printerIds)
        .where('state', '=', 'TO_BE_PRINTED')
        .where('starting_on', 'is', null)
        .where('is_held', '=', 0)
        .where('jobox_autostart', '=', 1)
        .execute();
      return new Set(rows.map((row) => row.printer_id!));
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
