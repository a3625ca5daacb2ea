import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PrintJobOutcome, PrintJobsTable } from '../../db/schema.js';

export type PrintJobRow = Selectable<PrintJobsTable>;

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
      const { n } = await query
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
      const rows = await query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      return {
        rows: rows.slice(0, filter.limit),
        hasMore: rows.length > filter.limit,
        count: Number(n),
      };
    },

    async updateJob(
      id: number,
      changes: Partial<Pick<PrintJobRow, 'outcome' | 'ended_on'>>,
    ): Promise<void> {
      await db.updateTable('print_jobs').set(changes).where('id', '=', id).execute();
    },

    /** A device went silent: its running jobs become unknown (never failed). */
    async markDeviceJobs(
      deviceKeyId: number,
      from: PrintJobOutcome,
      to: PrintJobOutcome,
    ): Promise<void> {
      await db
        .updateTable('print_jobs')
        .set({ outcome: to })
        .where('device_key_id', '=', deviceKeyId)
        .where('outcome', '=', from)
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
