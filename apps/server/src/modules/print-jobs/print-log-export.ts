import { Readable } from 'node:stream';
import type { WorkspaceStatsQuery } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { StatsRange } from '../stats/stats-range.js';
import { elapsedShare, resolveStatsRange } from '../stats/stats-range.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';

/** Rows read per query: the export never holds more than this many jobs in memory. */
export const EXPORT_BATCH = 1000;

export const PRINT_LOG_COLUMNS = [
  'date',
  'printer',
  'file',
  'who',
  'outcome',
  'duration_s',
  'filament_g',
  'cost',
  'currency',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 * return) gets a leading apostrophe first (OWASP "CSV injection").
 */
export function toCsvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const toCsvLine = (cells: Array<string | number | null>) =>
  `${cells.map(toCsvCell).join(',')}\r\n`;

const round = (value: number, digits: number) => Number(value.toFixed(digits));

interface ExportJob {
  id: number;
  started_on: string;
  ended_on: string | null;
  printer_name: string;
  file_name: string;
  username: string;
  outcome: string;
  filament_used_g: number | null;
  printing_time_sec: number | null;
  cost_total: number | null;
  cost_currency: string | null;
}

/** A page of the range's jobs in start order, after the last one read (keyset, by index). */
function readBatch(
  db: Db,
  workspaceId: number,
  range: StatsRange,
  after: ExportJob | null,
): Promise<ExportJob[]> {
  let query = db
    .selectFrom('print_jobs')
    .select([
      'id',
      'started_on',
      'ended_on',
      'printer_name',
      'file_name',
      'username',
      'outcome',
      'filament_used_g',
      'printing_time_sec',
      'cost_total',
      'cost_currency',
    ])
    .where('workspace_id', '=', workspaceId)
    .where('started_on', '>=', range.fromIso)
    .where('started_on', '<', range.untilIso);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('started_on', '>', after.started_on),
        eb.and([eb('started_on', '=', after.started_on), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('started_on').orderBy('id').limit(EXPORT_BATCH).execute();
}

async function readUsedGrams(db: Db, jobIds: number[]): Promise<Map<number, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('print_job_spool_usage')
    .select(['print_job_id', (eb) => eb.fn.sum<number>('grams').as('grams')])
    .where('print_job_id', 'in', jobIds)
    .groupBy('print_job_id')
    .execute();
  return new Map(rows.map((row) => [row.print_job_id, Number(row.grams)]));
}

/**
 * The filament a job used: what it took from the loaded spools when recorded, otherwise the
 * file's estimate (in full for a finished job, its elapsed share for any other, as statistics).
 */
function filamentOf(job: ExportJob, used: Map<number, number>, nowMs: number): number | null {
  const taken = used.get(job.id);
  if (taken !== undefined) return round(taken, 2);
  if (job.filament_used_g === null) return null;
  const share =
    job.outcome === 'done'
      ? 1
      : elapsedShare(job, job.ended_on === null ? nowMs : Date.parse(job.ended_on));
  return round(job.filament_used_g * share, 2);
}

function durationOf(job: ExportJob, nowMs: number): number {
  const end = job.ended_on === null ? nowMs : Date.parse(job.ended_on);
  return Math.max(0, Math.round((end - Date.parse(job.started_on)) / 1000));
}

/**
 * The print log of a range as CSV (issue 26), streamed: a batch of jobs is read only when the
 * reader wants more, so 500,000 rows never sit in memory. UTF-8 with a byte-order mark (so
 * spreadsheets in any locale read the accents), commas, a dot for decimals, CRLF.
 */
export function streamPrintLogCsv(
  db: Db,
  input: { workspaceId: number; range: StatsRange; nowMs: number },
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${toCsvLine([...PRINT_LOG_COLUMNS])}`;
    let after: ExportJob | null = null;
    for (;;) {
      const batch = await readBatch(db, input.workspaceId, input.range, after);
      if (batch.length === 0) return;
      const used = await readUsedGrams(
        db,
        batch.map((job) => job.id),
      );
      let chunk = '';
      for (const job of batch) {
        chunk += toCsvLine([
          job.started_on,
          job.printer_name,
          job.file_name,
          job.username,
          job.outcome,
          durationOf(job, input.nowMs),
          filamentOf(job, used, input.nowMs),
          job.cost_total === null ? null : round(job.cost_total, 2),
          job.cost_currency,
        ]);
      }
      yield chunk;
      if (batch.length < EXPORT_BATCH) return;
      after = batch[batch.length - 1]!;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** The export behind its permission: any member reads the print log (VIEW_GROUP). */
export function createPrintLogExport(deps: {
  db: Db;
  workspaces: Pick<WorkspacesService, 'requireWorkspacePermission'>;
  clock: Clock;
}) {
  return {
    async exportCsv(
      userId: number,
      workspaceId: number,
      query: WorkspaceStatsQuery,
    ): Promise<{ fileName: string; stream: Readable }> {
      await deps.workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      const now = deps.clock.now();
      const range = resolveStatsRange(query, now);
      return {
        fileName: `print-log-${range.from}-${range.to}.csv`,
        stream: streamPrintLogCsv(deps.db, { workspaceId, range, nowMs: now.getTime() }),
      };
    },
  };
}

export type PrintLogExport = ReturnType<typeof createPrintLogExport>;
