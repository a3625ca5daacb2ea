import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { MaintenanceTasksTable } from '../../db/tables/maintenance.js';

export type MaintenanceTaskRow = Selectable<MaintenanceTasksTable>;
type Executor = Db | Transaction<Database>;

export interface MaintenanceTaskValues {
  name: string;
  interval_hours: number | null;
  interval_prints: number | null;
  interval_days: number | null;
}

/** The only place that builds SQL for maintenance tasks (issue 26). */
export function createMaintenanceRepository(db: Db) {
  return {
    listPrinterTasks(printerId: number): Promise<MaintenanceTaskRow[]> {
      return db
        .selectFrom('maintenance_tasks')
        .selectAll()
        .where('printer_id', '=', printerId)
        .orderBy('id')
        .execute();
    },

    listWorkspaceTasks(workspaceId: number): Promise<MaintenanceTaskRow[]> {
      return db
        .selectFrom('maintenance_tasks')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    findTask(printerId: number, taskId: number, trx: Executor = db) {
      return trx
        .selectFrom('maintenance_tasks')
        .selectAll()
        .where('printer_id', '=', printerId)
        .where('id', '=', taskId)
        .executeTakeFirst();
    },

    async countPrinterTasks(printerId: number): Promise<number> {
      const { n } = await db
        .selectFrom('maintenance_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('printer_id', '=', printerId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async insertTask(
      values: MaintenanceTaskValues & { workspace_id: number; printer_id: number; now: string },
    ): Promise<MaintenanceTaskRow> {
      const { now, ...rest } = values;
      return db
        .insertInto('maintenance_tasks')
        .values({ ...rest, last_done_on: now, created_on: now, notified_for: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updateTask(taskId: number, values: Partial<MaintenanceTaskValues>) {
      return db
        .updateTable('maintenance_tasks')
        .set(values)
        .where('id', '=', taskId)
        .returningAll()
        .executeTakeFirst();
    },

    async deleteTask(printerId: number, taskId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('maintenance_tasks')
        .where('printer_id', '=', printerId)
        .where('id', '=', taskId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Records a "done" with the counters as they stood and starts the next period, in one
     * transaction: the row is taken first (held until commit on PostgreSQL), so a job ending at
     * the same moment counts either before the reset or after it, never lost or twice.
     */
    async markDone(
      taskId: number,
      done: { now: string; userId: number; username: string },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('maintenance_tasks')
          .set((eb) => ({ id: eb.ref('id') }))
          .where('id', '=', taskId)
          .execute();
        const task = await trx
          .selectFrom('maintenance_tasks')
          .select(['hours_since_done', 'prints_since_done'])
          .where('id', '=', taskId)
          .executeTakeFirst();
        if (!task) return;
        await trx
          .insertInto('maintenance_task_done')
          .values({
            task_id: taskId,
            done_on: done.now,
            user_id: done.userId,
            username: done.username,
            hours: task.hours_since_done,
            prints: task.prints_since_done,
          })
          .execute();
        await trx
          .updateTable('maintenance_tasks')
          .set({ hours_since_done: 0, prints_since_done: 0, last_done_on: done.now })
          .where('id', '=', taskId)
          .execute();
      });
    },

    /**
     * A job ended on the printer: its print hours and one print count for each of its tasks
     * (in the ending transaction). Answers the tasks as they are now.
     */
    async addJobToTasks(
      trx: Transaction<Database>,
      printerId: number,
      hours: number,
    ): Promise<MaintenanceTaskRow[]> {
      return trx
        .updateTable('maintenance_tasks')
        .set((eb) => ({
          hours_since_done: eb('hours_since_done', '+', hours),
          prints_since_done: eb('prints_since_done', '+', 1),
        }))
        .where('printer_id', '=', printerId)
        .returningAll()
        .execute();
    },

    /**
     * Claims the "due" notification of a task's current period: answers true for exactly one
     * caller per period, on any instance (a conditional update).
     */
    async claimDueNotice(executor: Executor, task: MaintenanceTaskRow): Promise<boolean> {
      const claimed = await executor
        .updateTable('maintenance_tasks')
        .set({ notified_for: task.last_done_on })
        .where('id', '=', task.id)
        .where('last_done_on', '=', task.last_done_on)
        .where((eb) =>
          eb.or([eb('notified_for', 'is', null), eb('notified_for', '!=', task.last_done_on)]),
        )
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Tasks with a days interval whose period has not been told yet (the hourly check). */
    listUntoldDayTasks(): Promise<MaintenanceTaskRow[]> {
      return db
        .selectFrom('maintenance_tasks')
        .selectAll()
        .where('interval_days', 'is not', null)
        .where((eb) =>
          eb.or([eb('notified_for', 'is', null), eb('notified_for', '!=', eb.ref('last_done_on'))]),
        )
        .execute();
    },

    findPrinterName(printerId: number) {
      return db
        .selectFrom('printers')
        .select(['id', 'name'])
        .where('id', '=', printerId)
        .executeTakeFirst();
    },

    listHistory(taskIds: number[], perTask: number) {
      if (taskIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('maintenance_task_done')
        .select(['task_id', 'done_on', 'username', 'hours', 'prints'])
        .where('task_id', 'in', taskIds)
        .orderBy('done_on', 'desc')
        .orderBy('id', 'desc')
        .limit(perTask * taskIds.length)
        .execute();
    },
  };
}

export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
