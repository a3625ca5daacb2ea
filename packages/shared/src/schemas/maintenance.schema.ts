import { z } from 'zod';
import { IdParamSchema } from './common.schema.js';

/** Maintenance tasks per printer (issue 26): limits a farm's real intervals stay well within. */
export const MAINTENANCE_LIMITS = {
  nameMax: 100,
  hoursMax: 100_000,
  printsMax: 1_000_000,
  daysMax: 3650,
  tasksPerPrinter: 50,
  historyShown: 10,
} as const;

/** A task is "due soon" once any of its counters reaches this share of its interval. */
export const MAINTENANCE_DUE_SOON_SHARE = 0.9;

export const MAINTENANCE_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

/** Common tasks the add form offers (names are keys the web app translates). */
export const MAINTENANCE_TEMPLATES = [
  { key: 'lubricate_rods', interval_hours: 200, interval_prints: null, interval_days: null },
  { key: 'replace_nozzle', interval_hours: 1000, interval_prints: null, interval_days: null },
  { key: 'clean_build_plate', interval_hours: null, interval_prints: 50, interval_days: null },
  { key: 'check_belts', interval_hours: 500, interval_prints: null, interval_days: 90 },
] as const;

export const MaintenanceDoneSchema = z.object({
  done_on: z.string(),
  username: z.string(),
  hours: z.number(),
  prints: z.number().int(),
});

export const MaintenanceTaskSchema = z.object({
  id: z.number().int(),
  printer_id: z.number().int(),
  name: z.string(),
  interval_hours: z.number().nullable(),
  interval_prints: z.number().int().nullable(),
  interval_days: z.number().int().nullable(),
  /** print hours and prints of the jobs that ended since it was last done, and the days */
  hours_since_done: z.number(),
  prints_since_done: z.number().int(),
  days_since_done: z.number(),
  last_done_on: z.string(),
  state: z.enum(MAINTENANCE_STATES),
  /** the largest share of an interval used, 0…(over 1 when overdue) */
  progress: z.number(),
  /** the latest "done" records, newest first */
  history: z.array(MaintenanceDoneSchema),
});
export type MaintenanceTask = z.infer<typeof MaintenanceTaskSchema>;

const optionalInterval = (max: number, unit: string, isInt: boolean) => {
  const base = z.number({ error: `The interval in ${unit} is a number.` });
  return (isInt ? base.int(`The interval in ${unit} is a whole number.`) : base)
    .positive(`The interval in ${unit} is more than 0.`)
    .max(max, `The interval in ${unit} is at most ${max.toLocaleString('en')}.`)
    .nullable();
};

const MaintenanceFieldsSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'Name the task.')
    .max(MAINTENANCE_LIMITS.nameMax, `At most ${MAINTENANCE_LIMITS.nameMax} characters.`),
  interval_hours: optionalInterval(MAINTENANCE_LIMITS.hoursMax, 'print hours', false),
  interval_prints: optionalInterval(MAINTENANCE_LIMITS.printsMax, 'prints', true),
  interval_days: optionalInterval(MAINTENANCE_LIMITS.daysMax, 'days', true),
});

const hasInterval = (value: {
  interval_hours?: number | null;
  interval_prints?: number | null;
  interval_days?: number | null;
}) =>
  [value.interval_hours, value.interval_prints, value.interval_days].some(
    (interval) => interval !== null && interval !== undefined,
  );

export const MaintenanceTaskCreateSchema = MaintenanceFieldsSchema.partial({
  interval_hours: true,
  interval_prints: true,
  interval_days: true,
}).refine(hasInterval, {
  message: 'Give at least one interval: print hours, prints or days.',
  path: ['interval_hours'],
});
export type MaintenanceTaskCreate = z.infer<typeof MaintenanceTaskCreateSchema>;

/** Any field; the server checks that the task keeps at least one interval. */
export const MaintenanceTaskUpdateSchema = MaintenanceFieldsSchema.partial();
export type MaintenanceTaskUpdate = z.infer<typeof MaintenanceTaskUpdateSchema>;

export const PrinterMaintenanceParamsSchema = z.strictObject({
  id: IdParamSchema,
  taskId: IdParamSchema,
});

/** A printer card's due marker: how many of its tasks are due soon or overdue. */
export const MaintenanceDueSchema = z.object({
  printer_id: z.number().int(),
  state: z.enum(['due_soon', 'overdue']),
  due_soon: z.number().int(),
  overdue: z.number().int(),
});
export type MaintenanceDue = z.infer<typeof MaintenanceDueSchema>;

/** The state of a task from its counters (the server answers it; the web shows it). */
export function getMaintenanceState(task: {
  interval_hours: number | null;
  interval_prints: number | null;
  interval_days: number | null;
  hours_since_done: number;
  prints_since_done: number;
  days_since_done: number;
}): { state: MaintenanceState; progress: number } {
  const shares = [
    task.interval_hours ? task.hours_since_done / task.interval_hours : 0,
    task.interval_prints ? task.prints_since_done / task.interval_prints : 0,
    task.interval_days ? task.days_since_done / task.interval_days : 0,
  ];
  const progress = Math.max(...shares);
  const state: MaintenanceState =
    progress >= 1 ? 'overdue' : progress >= MAINTENANCE_DUE_SOON_SHARE ? 'due_soon' : 'ok';
  return { state, progress: Math.round(progress * 1000) / 1000 };
}
