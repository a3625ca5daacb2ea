import type { WorkspaceStats, WorkspaceStatsQuery } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { StatsRepository } from './stats.repository.js';
import { elapsedShare, resolveStatsRange } from './stats-range.js';

const round = (value: number, digits: number) => Number(value.toFixed(digits));

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
      const range = resolveStatsRange(query, now);
      const [summary, unfinished] = await Promise.all([
        stats.summarizeJobs(workspaceId, range),
        stats.listUnfinishedJobs(workspaceId, range),
      ]);
      let [grams, millimetres, seconds] = [summary.doneG, summary.doneMm, summary.doneSec];
      for (const job of unfinished) {
        const share = elapsedShare(job, now.getTime());
        grams += (job.filament_used_g ?? 0) * share;
        millimetres += (job.filament_used_mm ?? 0) * share;
        seconds += job.printing_time_sec! * share;
      }
      return {
        date_from: range.from,
        date_to: range.to,
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
