import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PrintQueueItemsTable, PrintQueueState } from '../../db/schema.js';
import { createQueueStartsRepository } from './queue-starts.repository.js';

export type QueueItemRow = Selectable<PrintQueueItemsTable>;

/** An item with what its answer shows of its file, printer and job. */
export type QueueItemView = QueueItemRow & {
  file_name: string;
  file_filament_type: string | null;
  file_filament_used_g: number | null;
  printer_name: string | null;
  printer_jobox_enabled: number | null;
  printer_enabled: number | null;
  job_outcome: string | null;
  job_ended_on: string | null;
  job_video_state: string | null;
};

/** Which items a list answer holds: `queueAfter` is the last queued item of the page before. */
export interface QueueListPage {
  queueLimit: number;
  queueAfter?: { position: number; id: number };
  archiveLimit: number;
}

export function createPrintQueueRepository(db: Db) {
  const itemViews = (database: Db = db) =>
    database
      .selectFrom('print_queue_items as q')
      .innerJoin('files as f', 'f.id', 'q.file_id')
      .leftJoin('printers as p', 'p.id', 'q.printer_id')
      .leftJoin('print_jobs as j', 'j.id', 'q.print_job_id')
      .selectAll('q')
      .select([
        'f.name as file_name',
        'f.filament_type as file_filament_type',
        'f.filament_used_g as file_filament_used_g',
        'p.name as printer_name',
        'p.jobox_enabled as printer_jobox_enabled',
        'p.enabled as printer_enabled',
        'j.outcome as job_outcome',
        'j.ended_on as job_ended_on',
        'j.video_state as job_video_state',
      ]);

  return {
    findWorkspaceSettings(workspaceId: number) {
      return db
        .selectFrom('workspaces')
        .select([
          'print_queue_enabled',
          'queue_dispatch_enabled',
          'stagger_max_heating',
          'stagger_interval_s',
        ])
        .where('id', '=', workspaceId)
        .executeTakeFirst();
    },

    /**
     * One page of queued items in queue order (keyset after `queueAfter`); on the first page
     * also every printed item and the newest archived ones. Each part is one index range.
     */
    async listItems(
      workspaceId: number,
      page: QueueListPage,
    ): Promise<{ queued: QueueItemView[]; others: QueueItemView[] }> {
      const { queueAfter } = page;
      const queued = await itemViews()
        .where('q.workspace_id', '=', workspaceId)
        .where('q.state', '=', 'TO_BE_PRINTED')
        .$if(queueAfter !== undefined, (query) =>
          query.where(
            sql<boolean>`(q.position, q.id) > (${queueAfter!.position}, ${queueAfter!.id})`,
          ),
        )
        .orderBy('q.position')
        .orderBy('q.id')
        .limit(page.queueLimit)
        .execute();
      if (queueAfter !== undefined) return { queued: queued as QueueItemView[], others: [] };
      const printed = await itemViews()
        .where('q.workspace_id', '=', workspaceId)
        .where('q.state', '=', 'PRINTED')
        .orderBy('q.position')
        .orderBy('q.id')
        .execute();
      const archived =
        page.archiveLimit === 0
          ? []
          : await itemViews()
              .where('q.workspace_id', '=', workspaceId)
              .where('q.state', '=', 'DONE')
              .orderBy('q.done_on', 'desc')
              .orderBy('q.id', 'desc')
              .limit(page.archiveLimit)
              .execute();
      return {
        queued: queued as QueueItemView[],
        others: [...printed, ...archived] as QueueItemView[],
      };
    },

    /** Items per state, from the (workspace, state, …) index. */
    async countByState(workspaceId: number): Promise<Record<PrintQueueState, number>> {
      const rows = await db
        .selectFrom('print_queue_items')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('workspace_id', '=', workspaceId)
        .groupBy('state')
        .execute();
      const counts = { TO_BE_PRINTED: 0, PRINTED: 0, DONE: 0 };
      for (const row of rows) counts[row.state] = Number(row.n);
      return counts;
    },

    async findItemView(workspaceId: number, id: number): Promise<QueueItemView | undefined> {
      return (await itemViews()
        .where('q.workspace_id', '=', workspaceId)
        .where('q.id', '=', id)
        .executeTakeFirst()) as QueueItemView | undefined;
    },

    findItem(workspaceId: number, id: number): Promise<QueueItemRow | undefined> {
      return db
        .selectFrom('print_queue_items')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Appends to the end of the queue: the position is taken in the inserting statement. */
    async insertItem(item: Omit<Insertable<PrintQueueItemsTable>, 'position'>): Promise<number> {
      const { id } = await db
        .insertInto('print_queue_items')
        .values({
          ...item,
          position: sql<number>`(select coalesce(max(position), 0) + 1 from print_queue_items where workspace_id = ${item.workspace_id})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Copies (issue 26): N items one after another at the end of the queue, in one transaction,
     * each knowing its number and the group (the first copy's id). Answers the first copy's id.
     */
    async insertCopies(
      item: Omit<Insertable<PrintQueueItemsTable>, 'position'>,
      count: number,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (let index = 1; index <= count; index += 1) {
          const { id } = await trx
            .insertInto('print_queue_items')
            .values({
              ...item,
              copy_index: index,
              copy_count: count,
              position: sql<number>`(select coalesce(max(position), 0) + 1 from print_queue_items where workspace_id = ${item.workspace_id})`,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(id);
        }
        await trx
          .updateTable('print_queue_items')
          .set({ copy_group_id: ids[0]! })
          .where('id', 'in', ids)
          .execute();
        return ids[0]!;
      });
    },

    /** Per copy group: how many of its copies printed to the end ("3 of 10 done"). */
    async countCopiesDone(groupIds: number[]): Promise<Map<number, number>> {
      const done = new Map<number, number>();
      if (groupIds.length === 0) return done;
      const rows = await db
        .selectFrom('print_queue_items as q')
        .innerJoin('print_jobs as j', 'j.id', 'q.print_job_id')
        .select(['q.copy_group_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('q.copy_group_id', 'in', groupIds)
        .where('j.outcome', '=', 'done')
        .groupBy('q.copy_group_id')
        .execute();
      for (const row of rows) done.set(row.copy_group_id!, Number(row.n));
      return done;
    },

    /**
     * Changes an item only in the state the caller saw: answers false when it moved on
     * meanwhile (started, archived, removed), so nothing is written over a newer truth.
     */
    async updateItemIf(
      id: number,
      expected: { state: PrintQueueState; isIdle?: boolean },
      changes: Updateable<PrintQueueItemsTable>,
    ): Promise<boolean> {
      let query = db
        .updateTable('print_queue_items')
        .set(changes)
        .where('id', '=', id)
        .where('state', '=', expected.state);
      if (expected.isIdle) query = query.where('starting_on', 'is', null);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteItemIf(id: number, expected: { isIdle: boolean }): Promise<boolean> {
      let query = db.deleteFrom('print_queue_items').where('id', '=', id);
      if (expected.isIdle) query = query.where('starting_on', 'is', null);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * Archive (spec part 2 §4.1): PRINTED moves to DONE, or the item is deleted when a DONE
     * item for the same file exists. One transaction, so two archives of the same file keep one.
     */
    async archiveItem(
      item: QueueItemRow,
      doneOn: string,
    ): Promise<'archived' | 'deleted' | 'moved'> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('print_queue_items')
          .select('id')
          .where('workspace_id', '=', item.workspace_id)
          .where('file_id', '=', item.file_id)
          .where('state', '=', 'DONE')
          .where('id', '!=', item.id)
          .executeTakeFirst();
        if (existing) {
          const deleted = await trx
            .deleteFrom('print_queue_items')
            .where('id', '=', item.id)
            .where('state', '=', 'PRINTED')
            .executeTakeFirst();
          return Number(deleted.numDeletedRows) === 1 ? 'deleted' : 'moved';
        }
        const updated = await trx
          .updateTable('print_queue_items')
          .set({ state: 'DONE', done_on: doneOn })
          .where('id', '=', item.id)
          .where('state', '=', 'PRINTED')
          .executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1 ? 'archived' : 'moved';
      });
    },

    /** The Queue box in a new order; ids not in the queue are ignored, the rest keep their place after. */
    async reorderQueue(workspaceId: number, ids: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const queued = await trx
          .selectFrom('print_queue_items')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('state', '=', 'TO_BE_PRINTED')
          .orderBy('position')
          .orderBy('id')
          .execute();
        const known = new Set(queued.map((row) => row.id));
        const wanted = [...new Set(ids)].filter((id) => known.has(id));
        const rest = queued.map((row) => row.id).filter((id) => !wanted.includes(id));
        const base = await trx
          .selectFrom('print_queue_items')
          .select((eb) => eb.fn.min('position').as('p'))
          .where('workspace_id', '=', workspaceId)
          .where('state', '=', 'TO_BE_PRINTED')
          .executeTakeFirst();
        const start = Number(base?.p ?? 1);
        const order = [...wanted, ...rest];
        for (const [index, id] of order.entries()) {
          await trx
            .updateTable('print_queue_items')
            .set({ position: start + index })
            .where('id', '=', id)
            .execute();
        }
      });
    },

    ...createQueueStartsRepository(db),
  };
}

export type PrintQueueRepository = ReturnType<typeof createPrintQueueRepository>;
