import type { MaintenanceTask } from '@printdeck/shared';

export interface MaintenanceFormValues {
  name: string;
  interval_hours: string;
  interval_prints: string;
  interval_days: string;
}

const INTERVALS = ['interval_hours', 'interval_prints', 'interval_days'] as const;

export function getMaintenanceFormValues(task?: MaintenanceTask): MaintenanceFormValues {
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    name: task?.name ?? '',
    interval_hours: text(task?.interval_hours),
    interval_prints: text(task?.interval_prints),
    interval_days: text(task?.interval_days),
  };
}

/** The body the server checks: an empty interval is none (null); numbers stay as typed. */
export function toMaintenanceBody(values: MaintenanceFormValues) {
  const body: Record<string, string | number | null> = { name: values.name };
  for (const field of INTERVALS) {
    const raw = values[field].trim();
    const number = Number(raw.replace(',', '.'));
    // text that is no number goes as typed, so the server's field error says so
    body[field] = raw === '' ? null : Number.isFinite(number) ? number : raw;
  }
  return body;
}
