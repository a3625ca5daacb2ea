import {
  MAINTENANCE_LIMITS,
  getMaintenanceState,
  type MaintenanceDue,
  type MaintenanceTask,
  type MaintenanceTaskCreate,
  type MaintenanceTaskUpdate,
} from '@printdeck/shared';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, fieldError, notFound } from '../../http/app-error.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { MaintenanceRepository, MaintenanceTaskRow } from './maintenance.repository.js';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

export interface MaintenanceDueNotice {
  task: MaintenanceTaskRow;
  printer: { id: number; name: string };
}

interface Deps {
  db: Db;
  tasks: MaintenanceRepository;
  workspaces: Pick<WorkspacesService, 'requireWorkspacePermission'>;
  getPrinterForUser: GetPrinterForUser;
  users: { findUserById(id: number): Promise<{ username: string } | undefined> };
  clock: Clock;
  /** writes the "due" outbox rows (notification-events.ts) in the caller's transaction */
  enqueueDue: (trx: Transaction<Database>, notice: MaintenanceDueNotice) => Promise<void>;
}

const taskNotFound = () => notFound('Maintenance task not found.');

/** The counters, state and progress of a task now. */
function measure(row: MaintenanceTaskRow, nowMs: number) {
  const counters = {
    interval_hours: row.interval_hours,
    interval_prints: row.interval_prints,
    interval_days: row.interval_days,
    hours_since_done: Math.round(Number(row.hours_since_done) * 100) / 100,
    prints_since_done: Number(row.prints_since_done),
    days_since_done: Math.round(((nowMs - Date.parse(row.last_done_on)) / DAY_MS) * 100) / 100,
  };
  return { ...counters, ...getMaintenanceState(counters) };
}

/**
 * Maintenance tasks per printer (issue 26): an interval in print hours, prints and/or days,
 * counted from the jobs that ended on the printer since the task was last done. Members who
 * operate printers manage tasks and mark them done; every member reads. A task that becomes due
 * is told once per period (a conditional claim), when a job's end makes it due or, for days,
 * by the hourly check.
 */
export function createMaintenanceService(deps: Deps) {
  const { db, tasks, clock, getPrinterForUser } = deps;

  async function toResponses(rows: MaintenanceTaskRow[]): Promise<MaintenanceTask[]> {
    const nowMs = clock.now().getTime();
    const history = await tasks.listHistory(
      rows.map((row) => row.id),
      MAINTENANCE_LIMITS.historyShown,
    );
    return rows.map((row) => ({
      id: row.id,
      printer_id: row.printer_id,
      name: row.name,
      ...measure(row, nowMs),
      last_done_on: row.last_done_on,
      history: history
        .filter((done) => done.task_id === row.id)
        .slice(0, MAINTENANCE_LIMITS.historyShown)
        .map((done) => ({
          done_on: done.done_on,
          username: done.username,
          hours: Math.round(Number(done.hours) * 100) / 100,
          prints: Number(done.prints),
        })),
    }));
  }

  async function getTaskOrThrow(printerId: number, taskId: number) {
    const task = await tasks.findTask(printerId, taskId);
    if (!task) throw taskNotFound();
    return task;
  }

  /** Tells a due task once per period; in `trx`, so the notice exists exactly when the claim does. */
  async function tellIfDue(
    trx: Transaction<Database>,
    task: MaintenanceTaskRow,
    printer: { id: number; name: string },
  ): Promise<void> {
    if (task.notified_for === task.last_done_on) return;
    if (measure(task, clock.now().getTime()).state !== 'overdue') return;
    if (!(await tasks.claimDueNotice(trx, task))) return;
    await deps.enqueueDue(trx, { task, printer });
  }

  return {
    async listPrinterTasks(userId: number, printerId: number): Promise<MaintenanceTask[]> {
      const printer = await getPrinterForUser(userId, printerId, 'VIEW_GROUP');
      return toResponses(await tasks.listPrinterTasks(printer.id));
    },

    /** The printers of a workspace with a task due soon or overdue (the cards' marker). */
    async listWorkspaceDue(userId: number, workspaceId: number): Promise<MaintenanceDue[]> {
      await deps.workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const nowMs = clock.now().getTime();
      const byPrinter = new Map<number, MaintenanceDue>();
      for (const row of await tasks.listWorkspaceTasks(workspaceId)) {
        const { state } = measure(row, nowMs);
        if (state === 'ok') continue;
        const entry = byPrinter.get(row.printer_id) ?? {
          printer_id: row.printer_id,
          state: 'due_soon' as const,
          due_soon: 0,
          overdue: 0,
        };
        entry[state] += 1;
        if (state === 'overdue') entry.state = 'overdue';
        byPrinter.set(row.printer_id, entry);
      }
      return [...byPrinter.values()].sort((a, b) => a.printer_id - b.printer_id);
    },

    async createTask(
      userId: number,
      printerId: number,
      input: MaintenanceTaskCreate,
    ): Promise<MaintenanceTask> {
      const printer = await getPrinterForUser(userId, printerId, 'OPERATE_PRINTERS');
      if ((await tasks.countPrinterTasks(printer.id)) >= MAINTENANCE_LIMITS.tasksPerPrinter) {
        throw new AppError(
          'conflict',
          `A printer has at most ${MAINTENANCE_LIMITS.tasksPerPrinter} maintenance tasks.`,
        );
      }
      const row = await tasks.insertTask({
        workspace_id: printer.workspace_id,
        printer_id: printer.id,
        name: input.name,
        interval_hours: input.interval_hours ?? null,
        interval_prints: input.interval_prints ?? null,
        interval_days: input.interval_days ?? null,
        now: clock.now().toISOString(),
      });
      return (await toResponses([row]))[0]!;
    },

    async updateTask(
      userId: number,
      ids: { printerId: number; taskId: number },
      input: MaintenanceTaskUpdate,
    ): Promise<MaintenanceTask> {
      const printer = await getPrinterForUser(userId, ids.printerId, 'OPERATE_PRINTERS');
      const task = await getTaskOrThrow(printer.id, ids.taskId);
      const next = { ...task, ...input };
      if (
        next.interval_hours === null &&
        next.interval_prints === null &&
        next.interval_days === null
      )
        throw fieldError(
          'interval_hours',
          'Give at least one interval: print hours, prints or days.',
        );
      // an empty change answers the task as it is
      const row = Object.keys(input).length === 0 ? task : await tasks.updateTask(task.id, input);
      if (!row) throw taskNotFound();
      // a shorter interval may make the task due now
      await db.transaction().execute((trx) => tellIfDue(trx, row, printer));
      return (await toResponses([row]))[0]!;
    },

    async deleteTask(userId: number, ids: { printerId: number; taskId: number }): Promise<void> {
      const printer = await getPrinterForUser(userId, ids.printerId, 'OPERATE_PRINTERS');
      if (!(await tasks.deleteTask(printer.id, ids.taskId))) throw taskNotFound();
    },

    /** Marks a task done: who and when go to its history, and its counters start again. */
    async markDone(
      userId: number,
      ids: { printerId: number; taskId: number },
    ): Promise<MaintenanceTask> {
      const printer = await getPrinterForUser(userId, ids.printerId, 'OPERATE_PRINTERS');
      const task = await getTaskOrThrow(printer.id, ids.taskId);
      const username = (await deps.users.findUserById(userId))?.username ?? '';
      await tasks.markDone(task.id, { userId, username, now: clock.now().toISOString() });
      return (await toResponses([await getTaskOrThrow(printer.id, task.id)]))[0]!;
    },

    /** In the transaction that ends a job: its print hours and one print for each task. */
    async onJobEnded(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      if (job.printer_id === null || job.ended_on === null) return;
      const elapsedMs = Date.parse(job.ended_on) - Date.parse(job.started_on);
      const hours = Number.isFinite(elapsedMs) && elapsedMs > 0 ? elapsedMs / HOUR_MS : 0;
      const rows = await tasks.addJobToTasks(trx, job.printer_id, hours);
      const printer = { id: job.printer_id, name: job.printer_name };
      for (const row of rows) await tellIfDue(trx, row, printer);
    },

    /** The hourly check: tasks that became due by days alone are told too. */
    async tellDueByDays(): Promise<void> {
      for (const row of await tasks.listUntoldDayTasks()) {
        const printer = await tasks.findPrinterName(row.printer_id);
        if (!printer) continue;
        await db.transaction().execute((trx) => tellIfDue(trx, row, printer));
      }
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
