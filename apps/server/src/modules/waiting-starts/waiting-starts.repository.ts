import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, WaitingStartState } from '../../db/schema.js';

type Executor = Db | Transaction<Database>;

export interface NewWaitingStart {
  workspace_id: number;
  printer_id: number;
  file_id: number;
  user_id: number;
  make_video: number;
  plate: number | null;
  state: 'waiting' | 'starting';
  requested_on: string;
  handed_on: string | null;
}

/** How long a failed start stays on the printer card (its reason) before the list drops it. */
const FAILED_SHOWN_MS = 60 * 60 * 1000;

/** The starts held by the staggered-start rule (issue 26, table waiting_starts). */
export function createWaitingStartsRepository(db: Db) {
  const columns = [
    'w.id',
    'w.workspace_id',
    'w.printer_id',
    'w.file_id',
    'w.user_id',
    'w.make_video',
    'w.plate',
    'w.state',
    'w.requested_on',
    'w.error',
    'f.name as file_name',
  ] as const;
  const rows = (executor: Executor) =>
    executor
      .selectFrom('waiting_starts as w')
      .innerJoin('files as f', 'f.id', 'w.file_id')
      .select(columns);

  return {
    /**
     * Serialises the workspace's start decisions for the transaction: PostgreSQL locks the
     * workspace row until commit, SQLite has one writer. Two requests (or instances) deciding
     * at once see each other's starts.
     */
    async lockWorkspace(trx: Transaction<Database>, workspaceId: number): Promise<void> {
      await trx
        .updateTable('workspaces')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', workspaceId)
        .execute();
    },

    async insert(trx: Transaction<Database>, start: NewWaitingStart): Promise<number> {
      const row = await trx
        .insertInto('waiting_starts')
        .values(start)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Whether the printer has a start waiting or being handed over. */
    async hasOpen(trx: Transaction<Database>, printerId: number): Promise<boolean> {
      const row = await trx
        .selectFrom('waiting_starts')
        .select('id')
        .where('printer_id', '=', printerId)
        .where('state', 'in', ['waiting', 'starting'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The first `limit` waiting starts of the workspace, in the order they were asked for. */
    async firstWaiting(executor: Executor, workspaceId: number, limit: number): Promise<number[]> {
      if (limit <= 0) return [];
      const found = await executor
        .selectFrom('waiting_starts')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('state', '=', 'waiting')
        .orderBy('id')
        .limit(limit)
        .execute();
      return found.map((row) => row.id);
    },

    find: (id: number) => rows(db).where('w.id', '=', id).executeTakeFirst(),

    /** Moves a start from one state to the next; false when it was no longer in `from`. */
    async move(
      executor: Executor,
      id: number,
      from: WaitingStartState,
      to: {
        state: WaitingStartState;
        on: string;
        printJobId?: number;
        error?: string;
      },
    ): Promise<boolean> {
      const result = await executor
        .updateTable('waiting_starts')
        .set({
          state: to.state,
          ...(to.state === 'starting' ? { handed_on: to.on } : { ended_on: to.on }),
          ...(to.printJobId !== undefined ? { print_job_id: to.printJobId } : {}),
          ...(to.error !== undefined ? { error: to.error.slice(0, 1000) } : {}),
        })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Open starts and those that failed in the last hour, of a workspace, oldest first. */
    listShown(workspaceId: number, now: Date) {
      const failedAfter = new Date(now.getTime() - FAILED_SHOWN_MS).toISOString();
      return rows(db)
        .where('w.workspace_id', '=', workspaceId)
        .where((eb) =>
          eb.or([
            eb('w.state', 'in', ['waiting', 'starting']),
            eb.and([eb('w.state', '=', 'failed'), eb('w.ended_on', '>', failedAfter)]),
          ]),
        )
        .orderBy('w.id')
        .limit(1000)
        .execute();
    },

    /** Waiting starts of the workspace (ids), to look at once when a printer stops heating. */
    async waitingIds(workspaceId: number): Promise<number[]> {
      return this.firstWaiting(db, workspaceId, 1000);
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('waiting_starts').where('id', '=', id).execute();
    },

    /** Handed over and never answered (the instance died): failed, never sent again. */
    async failStale(handedBefore: string, on: string, error: string): Promise<void> {
      await db
        .updateTable('waiting_starts')
        .set({ state: 'failed', ended_on: on, error })
        .where('state', '=', 'starting')
        .where('handed_on', '<', handedBefore)
        .execute();
    },
  };
}

export type WaitingStartsRepository = ReturnType<typeof createWaitingStartsRepository>;
