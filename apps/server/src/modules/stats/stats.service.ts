import {
  STATS_MAX_SPAN_DAYS,
  type WorkspaceStats,
  type WorkspaceStatsQuery,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { fieldError } from '../../http/app-error.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { StatsRepository } from './stats.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The spec's default: the last year up to today (UTC days, both ends included). */
function resolveRange(query: WorkspaceStatsQuery, now: Date): { from: string; to: string } {
  const to = query.date_to ?? dayOf(now);
  if (query.date_from) return { from: query.date_from, to };
  const end = new Date(startOf(to));
  end.setUTCFullYear(end.getUTCFullYear() - 1);
  return { from: dayOf(end), to };
}

/**
 * Workspace statistics from print jobs (spec part 2 §2.12, §3 "Workspace stats"). Every job
 * started in the range counts. Filament and time come from the file's slicer estimates that
 * the job recorded at start: a job that finished (`done`) adds them in full; a job still
 * running, cancelled, failed or unknown adds the share of them that its elapsed time covers
 * (elapsed ÷ estimated time, at most all), since devices do not report consumption.
 */
export function createStatsService(deps: {
  stats: StatsRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}) {
  const { stats, workspaces, clock } = deps;

  return {
    async getWorkspaceStats(
      userId: number,
      workspaceId: number,
      query: WorkspaceStatsQuery,
    ): Promise<WorkspaceStats> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const now = clock.now();
      const { from, to } = resolveRange(query, now);
      const spanDays = (startOf(to) - startOf(from)) / DAY_MS + 1;
      if (spanDays < 1) throw fieldError('date_from', 'date_from must not be after date_to.');
      if (spanDays > STATS_MAX_SPAN_DAYS) {
        throw fieldError('date_from', `The range may cover at most ${STATS_MAX_SPAN_DAYS} days.`);
      }
      const range = {
        fromIso: new Date(startOf(from)).toISOString(),
        untilIso: new Date(startOf(to) + DAY_MS).toISOString(),
      };
      const [summary, unfinished] = await Promise.all([
        stats.summarizeJobs(workspaceId, range),
        stats.listUnfinishedJobs(workspaceId, range),
      ]);
      let [grams, millimetres, seconds] = [summary.doneG, summary.doneMm, summary.doneSec];
      for (const job of unfinished) {
        const estimate = job.printing_time_sec!;
        const end = job.ended_on ? Date.parse(job.ended_on) : now.getTime();
        const elapsedSec = Math.max(0, (end - Date.parse(job.started_on)) / 1000);
        const share = Math.min(1, elapsedSec / estimate);
        grams += (job.filament_used_g ?? 0) * share;
        millimetres += (job.filament_used_mm ?? 0) * share;
        seconds += estimate * share;
      }
      return {
        date_from: from,
        date_to: to,
        printjobs_count: summary.jobs,
        printjobs_with_deleted_file_count: summary.jobs - summary.withFile,
        printjobs_with_existing_file_count: summary.withFile,
        total_filament_used_g: round(grams, 2),
        total_filament_used_mm: round(millimetres, 1),
        total_printing_time_sec: Math.round(seconds),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
