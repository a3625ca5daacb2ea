import { sql } from 'kysely';
import { PRINT_QUEUE_ARCHIVE_COUNT_CAP } from '@printdeck/shared';
import { countUpTo, type CappedCount } from '../../db/count-up-to.js';
import type { Db } from '../../db/database.js';
import { selectItemViews, type QueueItemView } from './print-queue.repository.js';

type Place = { position: number; id: number };

/**
 * Which items a list answer holds. Without a cursor: a page of queued items, the running ones,
 * a page of printed ones and the newest archived. `queueAfter` / `printedAfter`: only the next
 * page of that part.
 */
export interface QueueListPage {
  queueLimit: number;
  queueAfter?: Place;
  printedLimit: number;
  printedAfter?: Place;
  archiveLimit: number;
}

export interface QueueListRows {
  queued: QueueItemView[];
  /** printed items whose job still runs: the Printing box, always whole */
  running: QueueItemView[];
  /** printed items, newest in queue order first, without the running ones */
  printed: QueueItemView[];
  archived: QueueItemView[];
}

export interface QueueCounts {
  queued: number;
  printed: number;
  archived: CappedCount;
}

/**
 * The queue list's reads (issue 31): each part one range of an index that matches its sort
 * (`print_queue_items_list_idx`, `_archive_idx`; the running ones from the open-jobs index), so
 * a page costs the same however long the farm's history grows.
 */
export function createQueueListRepository(db: Db) {
  const inState = (workspaceId: number, state: 'TO_BE_PRINTED' | 'PRINTED' | 'DONE') =>
    selectItemViews(db).where('q.workspace_id', '=', workspaceId).where('q.state', '=', state);

  function listQueued(workspaceId: number, limit: number, after?: Place) {
    return inState(workspaceId, 'TO_BE_PRINTED')
      .$if(after !== undefined, (query) =>
        query.where(sql<boolean>`(q.position, q.id) > (${after!.position}, ${after!.id})`),
      )
      .orderBy('q.position')
      .orderBy('q.id')
      .limit(limit)
      .execute() as Promise<QueueItemView[]>;
  }

  /** Newest first (the index read backwards); a running job's item is in `listRunning`. */
  function listPrinted(workspaceId: number, limit: number, after?: Place) {
    return inState(workspaceId, 'PRINTED')
      .where((eb) => eb.or([eb('j.id', 'is', null), eb('j.ended_on', 'is not', null)]))
      .$if(after !== undefined, (query) =>
        query.where(sql<boolean>`(q.position, q.id) < (${after!.position}, ${after!.id})`),
      )
      .orderBy('q.position', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit)
      .execute() as Promise<QueueItemView[]>;
  }

  /**
   * The workspace's printed items whose job has not ended, found from the open jobs (the
   * `ended_on` index; `+` keeps SQLite off the workspace's whole history) and their items.
   */
  function listRunning(workspaceId: number) {
    return selectItemViews(db)
      .where('q.id', 'in', (eb) =>
        eb
          .selectFrom('print_jobs as oj')
          .innerJoin('print_queue_items as running', 'running.print_job_id', 'oj.id')
          .select('running.id')
          .where('oj.ended_on', 'is', null)
          .where(sql<boolean>`+oj.workspace_id = ${workspaceId}`)
          .where('running.state', '=', 'PRINTED'),
      )
      .orderBy('q.position')
      .orderBy('q.id')
      .execute() as Promise<QueueItemView[]>;
  }

  function listArchived(workspaceId: number, limit: number) {
    if (limit === 0) return Promise.resolve([]);
    return inState(workspaceId, 'DONE')
      .orderBy('q.done_on', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit)
      .execute() as Promise<QueueItemView[]>;
  }

  const countState = (workspaceId: number, state: 'TO_BE_PRINTED' | 'PRINTED' | 'DONE') =>
    db
      .selectFrom('print_queue_items')
      .select(sql`1`.as('one'))
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', state);

  return {
    async listItems(workspaceId: number, page: QueueListPage): Promise<QueueListRows> {
      const none: QueueItemView[] = [];
      if (page.queueAfter !== undefined) {
        const queued = await listQueued(workspaceId, page.queueLimit, page.queueAfter);
        return { queued, running: none, printed: none, archived: none };
      }
      if (page.printedAfter !== undefined) {
        const printed = await listPrinted(workspaceId, page.printedLimit, page.printedAfter);
        return { queued: none, running: none, printed, archived: none };
      }
      const [queued, running, printed, archived] = await Promise.all([
        listQueued(workspaceId, page.queueLimit),
        listRunning(workspaceId),
        listPrinted(workspaceId, page.printedLimit),
        listArchived(workspaceId, page.archiveLimit),
      ]);
      return { queued, running, printed, archived };
    },

    /** The queue and the printed items exactly (their own ranges); the archive up to a cap. */
    async countItems(workspaceId: number): Promise<QueueCounts> {
      const exact = async (state: 'TO_BE_PRINTED' | 'PRINTED') => {
        const { n } = await db
          .selectFrom('print_queue_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('state', '=', state)
          .executeTakeFirstOrThrow();
        return Number(n);
      };
      const [queued, printed, archived] = await Promise.all([
        exact('TO_BE_PRINTED'),
        exact('PRINTED'),
        countUpTo(db, countState(workspaceId, 'DONE'), PRINT_QUEUE_ARCHIVE_COUNT_CAP),
      ]);
      return { queued, printed, archived };
    },
  };
}

export type QueueListRepository = ReturnType<typeof createQueueListRepository>;
