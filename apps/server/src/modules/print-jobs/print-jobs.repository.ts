import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { LIST_COUNT_CAP } from '@printdeck/shared';
import { countUpTo } from '../../db/count-up-to.js';
import type { Db } from '../../db/database.js';
import type { Database, PrintJobOutcome, PrintJobsTable } from '../../db/schema.js';
import { addEndedJobToRollups } from '../stats/job-rollups.js';

export type PrintJobRow = Selectable<PrintJobsTable>;

/** What a job records while it runs: no end, no slicer estimates, no video. */
export const RUNNING_JOB_COLUMNS = {
  ended_on: null,
  outcome: 'printing',
  make_video: 0,
  video_state: 'NOT_RECORDED',
  filament_used_g: null,
  filament_used_mm: null,
  printing_time_sec: null,
} as const satisfies Partial<Insertable<PrintJobsTable>>;

export function createPrintJobsRepository(db: Db) {
  return {
    async insertJob(job: Insertable<PrintJobsTable>): Promise<number> {
      const { id } = await db
        .insertInto('print_jobs')
        .values(job)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async deleteJob(id: number): Promise<void> {
      await db.deleteFrom('print_jobs').where('id', '=', id).execute();
    },

    findJob(id: number): Promise<PrintJobRow | undefined> {
      return db.selectFrom('print_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Newest first, keyset-paged on the id (jobs are created in start order). */
    async listJobs(filter: {
      workspaceId: number;
      fileId?: number;
      printerId?: number;
      beforeId?: number;
      limit: number;
    }) {
      let query = db.selectFrom('print_jobs').where('workspace_id', '=', filter.workspaceId);
      if (filter.fileId !== undefined) query = query.where('file_id', '=', filter.fileId);
      if (filter.printerId !== undefined) query = query.where('printer_id', '=', filter.printerId);
      // up to a cap: a history that only grows costs every page the same (issue 31)
      const counted = await countUpTo(db, query.select(sql<number>`1`.as('one')), LIST_COUNT_CAP);
      if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
      const rows = await query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      return {
        rows: rows.slice(0, filter.limit),
        hasMore: rows.length > filter.limit,
        count: counted.count,
        isCountCapped: counted.isCapped,
      };
    },

    /** Changes a running job; an ended job is never changed here (only `endJob` ends one). */
    async updateOpenJob(
      id: number,
      changes: Partial<
        Pick<PrintJobRow, 'outcome' | 'device_path' | 'device_started_at' | 'video_state'>
      >,
    ): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set(changes)
        .where('id', '=', id)
        .where('ended_on', 'is', null)
        .execute();
    },

    /** A device's jobs that have not ended (printing, or unknown while it was out of sight). */
    listOpenDeviceJobs(deviceKeyId: number): Promise<PrintJobRow[]> {
      return db
        .selectFrom('print_jobs')
        .selectAll()
        .where('device_key_id', '=', deviceKeyId)
        .where('ended_on', 'is', null)
        .orderBy('id')
        .execute();
    },

    /**
     * The newest job of each of these printers (what their devices-states rows name): one
     * step down the (printer_id, id) index per printer, however long its history.
     */
    listLatestPrinterJobs(
      printerIds: number[],
    ): Promise<
      Array<
        Pick<PrintJobRow, 'id' | 'printer_id' | 'username' | 'started_on_printer'> &
          Pick<PrintJobRow, 'ended_on' | 'device_path'>
      >
    > {
      if (printerIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('print_jobs')
        .select(['id', 'printer_id', 'username', 'started_on_printer', 'ended_on', 'device_path'])
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('printers as p')
            .select((outer) =>
              outer
                .selectFrom('print_jobs as newest')
                .select('newest.id')
                .whereRef('newest.printer_id', '=', 'p.id')
                .orderBy('newest.id', 'desc')
                .limit(1)
                .as('id'),
            )
            .where('p.id', 'in', printerIds),
        )
        .execute();
    },

    /** Every job not ended yet, with its device: what the lost-device sweep looks at. */
    listOpenJobs(): Promise<Array<Pick<PrintJobRow, 'id' | 'device_key_id'>>> {
      return db
        .selectFrom('print_jobs')
        .select(['id', 'device_key_id'])
        .where('ended_on', 'is', null)
        .execute();
    },

    /** A device's jobs (ended or not) for one file path on the printer, newest first. */
    findDeviceJobsByPath(deviceKeyId: number, path: string): Promise<PrintJobRow[]> {
      return db
        .selectFrom('print_jobs')
        .selectAll()
        .where('device_key_id', '=', deviceKeyId)
        .where('device_path', '=', path)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
    },

    /** The printers (one per workspace that added it) a device drives. */
    listDevicePrinters(deviceKeyId: number) {
      return db
        .selectFrom('printers')
        .select(['id', 'workspace_id', 'name'])
        .where('device_key_id', '=', deviceKeyId)
        .execute();
    },

    /**
     * Ends a job exactly once: only a job not yet ended is claimed, its statistics roll-ups
     * and then `inTransaction` run in the same transaction with the ended row (nothing ends
     * without being counted, nothing is counted without ending). Answers the row, or undefined when it had ended.
     */
    async endJob(
      id: number,
      end: {
        outcome: Exclude<PrintJobOutcome, 'printing'>;
        ended_on: string;
        end_reason: string | null;
      },
      inTransaction: (trx: Transaction<Database>, job: PrintJobRow) => Promise<void>,
    ): Promise<PrintJobRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('print_jobs')
          .set(end)
          .where('id', '=', id)
          .where('ended_on', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (row) {
          await addEndedJobToRollups(trx, row);
          await inTransaction(trx, row);
        }
        return row;
      });
    },

    /** What the jobs took from spools when they ended (issue 26), by job and tool. */
    async listSpoolUsage(jobIds: number[]) {
      if (jobIds.length === 0) return [];
      return db
        .selectFrom('print_job_spool_usage as u')
        .innerJoin('spools as s', 's.id', 'u.spool_id')
        .select([
          'u.print_job_id',
          'u.spool_id',
          'u.tool',
          'u.grams',
          's.material',
          's.color_name',
          's.color_hex',
          's.brand',
        ])
        .where('u.print_job_id', 'in', jobIds)
        .orderBy('u.print_job_id')
        .orderBy('u.tool')
        .execute();
    },

    async lastPrintedFiles(workspaceId: number, limit: number) {
      return db
        .selectFrom('print_jobs')
        .select(['file_id', 'file_name', 'printer_name', 'started_on'])
        .where('workspace_id', '=', workspaceId)
        .where('file_id', 'is not', null)
        .orderBy('id', 'desc')
        .limit(limit * 10)
        .execute();
    },
  };
}

export type PrintJobsRepository = ReturnType<typeof createPrintJobsRepository>;
