import type {
  WorkspaceStatsFiles,
  WorkspaceStatsFilesQuery,
  WorkspaceStatsUsers,
  WorkspaceStatsUsersQuery,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { StatsBreakdownRepository } from './stats-breakdown.repository.js';
import { resolveStatsRange } from './stats-range.js';

const DEFAULT_LIMIT = 20;
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const totals = (row: {
  jobs: number;
  done_jobs: number;
  grams: number;
  seconds: number;
  cost: number;
}) => ({
  jobs: row.jobs,
  done_jobs: row.done_jobs,
  filament_used_g: round(row.grams, 2),
  printing_time_sec: Math.round(row.seconds),
  cost: round(row.cost, 2),
});

/**
 * Statistics per user (a range of days) and per file (all time) of ended jobs, by the rules
 * of stats.service.ts, from the roll-ups the job's end keeps.
 */
export function createStatsBreakdownService(deps: {
  breakdown: StatsBreakdownRepository;
  workspaces: WorkspacesService;
  clock: Clock;
}) {
  const { breakdown, workspaces, clock } = deps;
  return {
    async getUserStats(
      userId: number,
      workspaceId: number,
      query: WorkspaceStatsUsersQuery,
    ): Promise<WorkspaceStatsUsers> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const range = resolveStatsRange(query, clock.now());
      const rows = await breakdown.listUserTotals(workspaceId, range, query.limit ?? DEFAULT_LIMIT);
      return {
        date_from: range.from,
        date_to: range.to,
        users: rows.map((row) => ({
          user_id: row.user_id,
          username: row.username,
          ...totals(row),
        })),
      };
    },

    async getFileStats(
      userId: number,
      workspaceId: number,
      query: WorkspaceStatsFilesQuery,
    ): Promise<WorkspaceStatsFiles> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const rows = await breakdown.listFileTotals(workspaceId, query.limit ?? DEFAULT_LIMIT);
      return {
        files: rows.map((row) => ({
          file_id: row.file_id,
          file_name: row.file_name,
          last_started_on: row.last_started_on,
          ...totals(row),
        })),
      };
    },
  };
}

export type StatsBreakdownService = ReturnType<typeof createStatsBreakdownService>;
