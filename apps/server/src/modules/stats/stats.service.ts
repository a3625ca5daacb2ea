import type { WorkspaceStats, WorkspaceStatsQuery } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { JobRollupsRepository } from './job-rollups.js';
import { resolveStatsRange } from './stats-range.js';

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Workspace statistics from print jobs (spec part 2 §2.12, §3 "Workspace stats"). Every job
 * started in the range counts. Filament and time come from the file's slicer estimates that
 * the job recorded at start: a job that finished (`done`) adds them in full; a job still
 * running, cancelled, failed or unknown adds the share of them that its elapsed time covers
 * (elapsed ÷ estimated time, at most all), since devices do not report consumption.
 * Ended jobs are read from their roll-ups (job-rollups.ts), running ones directly. The cost
 * (issue 26) is what the ended jobs stored when they ended; a running job adds none yet.
 */
export function createStatsService(deps: {
  rollups: JobRollupsRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}) {
  const { rollups, workspaces, clock } = deps;

  return {
    async getWorkspaceStats(
      userId: number,
      workspaceId: number,
      query: WorkspaceStatsQuery,
    ): Promise<WorkspaceStats> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const now = clock.now();
      const range = resolveStatsRange(query, now);
      const days = await rollups.listDayTotals(workspaceId, range, now.getTime());
      let [jobs, grams, millimetres, seconds, cost, withoutFile] = [0, 0, 0, 0, 0, 0];
      for (const row of days) {
        jobs += row.jobs;
        withoutFile += row.jobs_without_file;
        cost += row.cost ?? 0;
        const isDone = row.outcome === 'done';
        grams += (isDone ? row.grams : 0) + row.share_grams;
        millimetres += (isDone ? row.millimetres : 0) + row.share_millimetres;
        seconds += (isDone ? row.seconds : 0) + row.share_seconds;
      }
      return {
        date_from: range.from,
        date_to: range.to,
        printjobs_count: jobs,
        printjobs_with_deleted_file_count: withoutFile,
        printjobs_with_existing_file_count: jobs - withoutFile,
        total_filament_used_g: round(grams, 2),
        total_filament_used_mm: round(millimetres, 1),
        total_printing_time_sec: Math.round(seconds),
        total_cost: round(cost, 2),
        currency: await rollups.findCurrency(workspaceId),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
