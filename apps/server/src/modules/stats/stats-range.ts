import { STATS_MAX_SPAN_DAYS, type WorkspaceStatsQuery } from '@printdeck/shared';
import { fieldError } from '../../http/app-error.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const startOfDay = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

export interface StatsRange {
  /** first and last UTC day, both included */
  from: string;
  to: string;
  fromIso: string;
  untilIso: string;
  spanDays: number;
  /** the clock's day: no job started after it, so roll-up days after it hold nothing */
  today: string;
}

/** The spec's default: the last year up to today (UTC days, both ends included); checked. */
export function resolveStatsRange(query: WorkspaceStatsQuery, now: Date): StatsRange {
  const to = query.date_to ?? dayOf(now);
  let from = query.date_from;
  if (!from) {
    const end = new Date(startOfDay(to));
    end.setUTCFullYear(end.getUTCFullYear() - 1);
    from = dayOf(end);
  }
  const spanDays = (startOfDay(to) - startOfDay(from)) / DAY_MS + 1;
  if (spanDays < 1) throw fieldError('date_from', 'date_from must not be after date_to.');
  if (spanDays > STATS_MAX_SPAN_DAYS) {
    throw fieldError('date_from', `The range may cover at most ${STATS_MAX_SPAN_DAYS} days.`);
  }
  return {
    from,
    to,
    fromIso: new Date(startOfDay(from)).toISOString(),
    untilIso: new Date(startOfDay(to) + DAY_MS).toISOString(),
    spanDays,
    today: dayOf(now),
  };
}

export interface UnfinishedJob {
  started_on: string;
  ended_on: string | null;
  printing_time_sec: number | null;
}

/**
 * The share of its slicer estimates a job that did not finish counts with: its elapsed time
 * over the estimated time, at most all (devices do not report consumption).
 */
export function elapsedShare(job: UnfinishedJob, nowMs: number): number {
  const estimate = job.printing_time_sec ?? 0;
  if (estimate <= 0) return 0;
  const end = job.ended_on ? Date.parse(job.ended_on) : nowMs;
  const elapsedSec = Math.max(0, (end - Date.parse(job.started_on)) / 1000);
  return Math.min(1, elapsedSec / estimate);
}
