import { formatDate } from './format-date';

/**
 * The human date of spec §9: older than 10 days reads D.M.YYYY, otherwise the days, hours or
 * minutes ago, otherwise "seconds ago". The words are the caller's (i18n plural keys).
 */
export type HumanDate =
  | { kind: 'date'; text: string }
  | { kind: 'days' | 'hours' | 'minutes'; count: number }
  | { kind: 'seconds' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAYS_SHOWN_AS_AGO = 10;

export function toHumanDate(value: string | Date, now: number = Date.now()): HumanDate {
  const date = typeof value === 'string' ? new Date(value) : value;
  const age = Math.max(0, now - date.getTime());
  if (Number.isNaN(age)) return { kind: 'date', text: '' };
  if (age > DAYS_SHOWN_AS_AGO * DAY) return { kind: 'date', text: formatDate(date) };
  if (age >= DAY) return { kind: 'days', count: Math.floor(age / DAY) };
  if (age >= HOUR) return { kind: 'hours', count: Math.floor(age / HOUR) };
  if (age >= MINUTE) return { kind: 'minutes', count: Math.floor(age / MINUTE) };
  return { kind: 'seconds' };
}
