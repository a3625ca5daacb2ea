import {
  FILAMENT_OF_SPOOL_MATERIAL,
  PRINT_QUEUE_PAGE_DEFAULT,
  PRINT_QUEUE_PRINTED_DEFAULT,
  type PrintQueueItem,
  type PrintQueueItemCreate,
  type PrintQueueItemPrint,
  type PrintQueueItemUpdate,
  type PrintQueueList,
  type PrintQueueListQuery,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { AppError, fieldError, notFound } from '../../http/app-error.js';
import type { FilesRepository } from '../files/files.repository.js';
import type { PrintJobsRepository } from '../print-jobs/print-jobs.repository.js';
import { printerNotFound, type GetPrinterForUser } from '../printers/printer-access.js';
import type { PrinterRow, PrintersRepository } from '../printers/printers.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { toItems } from './print-queue.presenter.js';
import type {
  PrintQueueRepository,
  QueueItemRow,
  QueueItemView,
} from './print-queue.repository.js';
import type { PrinterPlatesRepository } from './printer-plates.repository.js';
import { parseQueueCursor, toQueueCursor } from './queue-cursor.js';
import type { QueueListRepository } from './queue-list.repository.js';
import type { QueueStagger, StaggerSettings } from './queue-stagger.js';
import type { QueueStarter } from './queue-starter.js';
import type { QueueWaiting } from './queue-waiting.js';

interface Deps {
  items: PrintQueueRepository;
  /** the list's pages and counts */
  list: QueueListRepository;
  plates: PrinterPlatesRepository;
  files: FilesRepository;
  printers: PrintersRepository;
  jobs: Pick<PrintJobsRepository, 'findJob'>;
  users: Pick<UsersRepository, 'findUserById'>;
  workspaces: WorkspacesService;
  getPrinterForUser: GetPrinterForUser;
  starter: QueueStarter;
  stagger: Pick<QueueStagger, 'isClosed'>;
  /** why queued items wait, from a summary kept per change */
  waiting: QueueWaiting;
  clock: Clock;
  /** something changed that a free printer may take: the dispatcher looks */
  onQueueChanged: (workspaceId: number) => void;
  onPlateCleared: (printerId: number) => void;
}

const QUEUE_OFF = 'The print queue is switched off in this workspace.';
const ITEM_NOT_FOUND = 'Print queue item does not exist.';
const PRINTER_LOCKED = 'The printer of an item can be changed only while it is in the queue.';
const ONLY_QUEUED = 'Only an item in the queue can be changed or printed.';
const STARTING = 'The item is being started on a printer right now.';
const conflict = (message: string) => new AppError('conflict', message);

/** Spec part 2 §2.7, §4.1 and §7.5: the workspace's print queue. */
export function createPrintQueueService(deps: Deps) {
  const { items, plates, files, printers, workspaces, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  /** Every call needs OPERATE_PRINTERS and the workspace setting print_queue_enabled. */
  async function requireQueue(userId: number, workspaceId: number) {
    await workspaces.requireWorkspacePermission(userId, workspaceId, 'OPERATE_PRINTERS');
    const settings = await items.findWorkspaceSettings(workspaceId);
    if (!settings || settings.print_queue_enabled !== 1) throw conflict(QUEUE_OFF);
    return settings;
  }

  async function getItemOrThrow(workspaceId: number, itemId: number): Promise<QueueItemRow> {
    const item = await items.findItem(workspaceId, itemId);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  /** A printer of this workspace that may take queue items: 404 elsewhere, 400 when disabled. */
  async function getQueuePrinter(workspaceId: number, printerId: number): Promise<PrinterRow> {
    const printer = await printers.findPrinterById(printerId);
    if (!printer || printer.workspace_id !== workspaceId) throw printerNotFound();
    if (printer.enabled !== 1)
      throw fieldError('printer', 'Only enabled printers can take print queue items.');
    return printer;
  }

  async function presentItem(workspaceId: number, itemId: number): Promise<PrintQueueItem> {
    const view = await items.findItemView(workspaceId, itemId);
    if (!view) throw notFound(ITEM_NOT_FOUND);
    return (await toItems(files, items, [view]))[0]!;
  }

  async function list(
    workspaceId: number,
    query: PrintQueueListQuery,
    settings: StaggerSettings & { queue_dispatch_enabled: number },
  ) {
    const toPlace = (cursor: string | undefined) =>
      cursor === undefined ? undefined : parseQueueCursor(cursor);
    const page = {
      // one more than asked: whether a next page exists, without counting
      queueLimit: query.queue_limit + 1,
      queueAfter: toPlace(query.queue_after),
      printedLimit: query.printed_limit + 1,
      printedAfter: toPlace(query.printed_after),
      archiveLimit: query.archive_limit,
    };
    const [rows, counts] = await Promise.all([
      deps.list.listItems(workspaceId, page),
      deps.list.countItems(workspaceId),
    ]);
    const queued = rows.queued.slice(0, query.queue_limit);
    const printed = rows.printed.slice(0, query.printed_limit);
    const nextAfter = (all: QueueItemView[], shown: QueueItemView[], limit: number) => {
      const last = shown.at(-1);
      return all.length > limit && last ? toQueueCursor(last) : null;
    };
    const views = [...queued, ...rows.running, ...printed, ...rows.archived];
    const waiting =
      settings.queue_dispatch_enabled === 1
        ? await deps.waiting.findWaitingReasons(workspaceId, views, () =>
            deps.stagger.isClosed(workspaceId, settings),
          )
        : undefined;
    return {
      results: await toItems(files, items, views, waiting),
      queue_count: counts.queued,
      queue_next: nextAfter(rows.queued, queued, query.queue_limit),
      printed_count: counts.printed,
      printed_next: nextAfter(rows.printed, printed, query.printed_limit),
      archive_count: counts.archived.count,
      archive_count_is_capped: counts.archived.isCapped,
    };
  }

  /** Archive: PRINTED to DONE, or gone when the file already has an archived item. */
  async function archive(item: QueueItemRow): Promise<PrintQueueItem | null> {
    if (item.state === 'DONE') return presentItem(item.workspace_id, item.id);
    if (item.state !== 'PRINTED') throw conflict('Only a printed item can be archived.');
    const outcome = await items.archiveItem(item, nowIso());
    if (outcome === 'moved') throw conflict('The item changed meanwhile; reload the queue.');
    return outcome === 'deleted' ? null : presentItem(item.workspace_id, item.id);
  }

  /** Print, done elsewhere: the job that printed it is recorded and the item becomes PRINTED. */
  async function recordPrinted(item: QueueItemRow, printJobId: number) {
    if (item.state === 'PRINTED' && item.print_job_id === printJobId)
      return presentItem(item.workspace_id, item.id);
    if (item.state !== 'TO_BE_PRINTED') throw conflict(ONLY_QUEUED);
    const job = await deps.jobs.findJob(printJobId);
    if (!job || job.workspace_id !== item.workspace_id) throw notFound('Print job does not exist.');
    const isDone = await items.updateItemIf(
      item.id,
      { state: 'TO_BE_PRINTED', isIdle: true },
      {
        state: 'PRINTED',
        print_job_id: job.id,
        printer_id: job.printer_id,
        printed_on: nowIso(),
        started_by: 'manual',
        is_held: 0,
        start_error: null,
        start_error_on: null,
      },
    );
    if (!isDone) throw conflict(STARTING);
    return presentItem(item.workspace_id, item.id);
  }

  async function editQueued(item: QueueItemRow, input: PrintQueueItemUpdate) {
    const wantsPrinter = input.printer !== undefined && input.printer !== item.printer_id;
    const wantsOther =
      (input.jobox_autostart !== undefined &&
        Number(input.jobox_autostart) !== item.jobox_autostart) ||
      (input.make_video !== undefined && Number(input.make_video) !== item.make_video);
    if (item.state !== 'TO_BE_PRINTED') {
      if (wantsPrinter) throw conflict(PRINTER_LOCKED);
      if (wantsOther) throw conflict(ONLY_QUEUED);
      return presentItem(item.workspace_id, item.id);
    }
    if (item.starting_on !== null) throw conflict(STARTING);
    const printerId = input.printer === undefined ? item.printer_id : input.printer;
    const printer = printerId === null ? null : await getQueuePrinter(item.workspace_id, printerId);
    const wantsAutostart = input.jobox_autostart ?? item.jobox_autostart === 1;
    const isUpdated = await items.updateItemIf(
      item.id,
      { state: 'TO_BE_PRINTED', isIdle: true },
      {
        printer_id: printerId,
        // Spec part 2 §5: the switch exists only for a jobox printer, reset to false otherwise.
        jobox_autostart: wantsAutostart && printer?.jobox_enabled === 1 ? 1 : 0,
        ...(input.make_video !== undefined && { make_video: input.make_video ? 1 : 0 }),
        // a person looked at it: automation may take it again
        is_held: 0,
      },
    );
    if (!isUpdated) throw conflict(STARTING);
    deps.onQueueChanged(item.workspace_id);
    return presentItem(item.workspace_id, item.id);
  }

  return {
    async listItems(
      userId: number,
      workspaceId: number,
      query: PrintQueueListQuery,
    ): Promise<PrintQueueList> {
      const settings = await requireQueue(userId, workspaceId);
      return list(workspaceId, query, settings);
    },

    async createItem(
      userId: number,
      workspaceId: number,
      input: PrintQueueItemCreate,
    ): Promise<PrintQueueItem> {
      await requireQueue(userId, workspaceId);
      const file = await files.findFileById(input.file);
      if (!file || file.workspace_id !== workspaceId) throw notFound('Gcode does not exists.');
      if (
        input.required_material !== null &&
        file.filament_type !== null &&
        FILAMENT_OF_SPOOL_MATERIAL[input.required_material] !== file.filament_type
      )
        throw fieldError('required_material', `The file is sliced for ${file.filament_type}.`);
      const printer =
        input.printer === null ? null : await getQueuePrinter(workspaceId, input.printer);
      const user = await deps.users.findUserById(userId);
      const values = {
        workspace_id: workspaceId,
        file_id: file.id,
        printer_id: printer?.id ?? null,
        state: 'TO_BE_PRINTED' as const,
        jobox_autostart: input.jobox_autostart && printer?.jobox_enabled === 1 ? 1 : 0,
        make_video: input.make_video ? 1 : 0,
        required_material: input.required_material,
        required_color_hex: input.required_color_hex,
        added_by_id: userId,
        added_by_username: user?.username ?? '',
        added_on: nowIso(),
        is_held: 0,
      };
      const id =
        input.copies > 1
          ? await items.insertCopies(values, input.copies)
          : await items.insertItem(values);
      deps.onQueueChanged(workspaceId);
      return presentItem(workspaceId, id);
    },

    /** PATCH: archive, record a print done elsewhere, or edit a queued item. Null: archived away. */
    async updateItem(
      userId: number,
      workspaceId: number,
      itemId: number,
      input: PrintQueueItemUpdate,
    ): Promise<PrintQueueItem | null> {
      await requireQueue(userId, workspaceId);
      const item = await getItemOrThrow(workspaceId, itemId);
      if (input.state === 'DONE') return archive(item);
      if (input.state === 'PRINTED') return recordPrinted(item, input.print_job!);
      if (input.state === 'TO_BE_PRINTED' && item.state !== 'TO_BE_PRINTED')
        throw conflict('A printed item does not go back to the queue; use Print again.');
      if (input.print_job !== undefined) throw conflict(ONLY_QUEUED);
      return editQueued(item, input);
    },

    async deleteItem(userId: number, workspaceId: number, itemId: number): Promise<void> {
      await requireQueue(userId, workspaceId);
      await getItemOrThrow(workspaceId, itemId);
      if (!(await items.deleteItemIf(itemId, { isIdle: true }))) throw conflict(STARTING);
    },

    /**
     * Print now: the item is claimed so it starts once, then goes through the one print start.
     * A refused or timed-out start leaves it in the queue with the reason and answers the error.
     */
    async printItem(
      userId: number,
      workspaceId: number,
      itemId: number,
      input: PrintQueueItemPrint,
    ): Promise<PrintQueueItem> {
      await requireQueue(userId, workspaceId);
      const item = await getItemOrThrow(workspaceId, itemId);
      if (item.state !== 'TO_BE_PRINTED') throw conflict(ONLY_QUEUED);
      const printerId = input.printer ?? item.printer_id;
      if (printerId === null) throw fieldError('printer', 'Choose a printer.');
      const printer = await getQueuePrinter(workspaceId, printerId);
      // The caller must be able to print there now (another workspace's printer is 404).
      await deps.getPrinterForUser(userId, printer.id, 'OPERATE_PRINTERS');
      const isClaimed = await items.claimItem({
        itemId: item.id,
        printerId: printer.id,
        startingOn: nowIso(),
        consumePlate: false,
        requireNotHeld: false,
      });
      if (!isClaimed) throw conflict(STARTING);
      const result = await deps.starter.runClaimedStart({
        workspaceId,
        item: {
          id: item.id,
          file_id: item.file_id,
          make_video: input.make_video === undefined ? item.make_video : Number(input.make_video),
          required_material: item.required_material,
          required_color_hex: item.required_color_hex,
        },
        printer,
        userId,
        startedBy: 'manual',
        printerIdOnFailure: item.printer_id,
        hasConsumedPlate: false,
      });
      if (!result.ok) throw result.error;
      return presentItem(workspaceId, item.id);
    },

    async reorderQueue(userId: number, workspaceId: number, ids: number[]) {
      const settings = await requireQueue(userId, workspaceId);
      await items.reorderQueue(workspaceId, ids);
      deps.onQueueChanged(workspaceId);
      const firstPage = {
        queue_limit: PRINT_QUEUE_PAGE_DEFAULT,
        printed_limit: PRINT_QUEUE_PRINTED_DEFAULT,
        archive_limit: 0,
      };
      return list(workspaceId, firstPage, settings);
    },

    /** Plate cleared (a card action): the printer may take the next item by itself. */
    async clearPlate(userId: number, printerId: number): Promise<void> {
      const printer = await deps.getPrinterForUser(userId, printerId, 'OPERATE_PRINTERS');
      await plates.setPlate(printer.id, 'clear', nowIso());
      deps.onPlateCleared(printer.id);
    },
  };
}

export type PrintQueueService = ReturnType<typeof createPrintQueueService>;
