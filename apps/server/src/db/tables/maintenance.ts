import type { Generated } from 'kysely';

/** Maintenance tasks per printer (issue 26, migration 0039). */
export interface MaintenanceTasksTable {
  id: Generated<number>;
  workspace_id: number;
  printer_id: number;
  name: string;
  interval_hours: number | null;
  interval_prints: number | null;
  interval_days: number | null;
  /** print hours and prints of the jobs that ended since `last_done_on` */
  hours_since_done: Generated<number>;
  prints_since_done: Generated<number>;
  last_done_on: string;
  /** the `last_done_on` of the period whose "due" notification went out */
  notified_for: string | null;
  created_on: string;
}

/** One "done" of a task: who, when, and what the counters showed. */
export interface MaintenanceTaskDoneTable {
  id: Generated<number>;
  task_id: number;
  done_on: string;
  user_id: number | null;
  username: string;
  hours: number;
  prints: number;
}

export interface MaintenanceTables {
  maintenance_tasks: MaintenanceTasksTable;
  maintenance_task_done: MaintenanceTaskDoneTable;
}
