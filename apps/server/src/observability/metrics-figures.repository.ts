import type { Db } from '../db/database.js';

/**
 * The figures `/metrics` reads from the database on each scrape: grouped counts only, so a
 * scrape costs a handful of index scans whatever the fleet's size.
 */
export function createMetricsFiguresRepository(db: Db) {
  return {
    listPrinters() {
      return db
        .selectFrom('printers')
        .select(['id', 'workspace_id', 'device_key_id'])
        .orderBy('id')
        .execute();
    },

    /** From the daily roll-ups written when a job ends: no scan of every job ever printed. */
    async countEndedJobsByWorkspaceAndOutcome() {
      const rows = await db
        .selectFrom('job_rollup_days')
        .select(['workspace_id', 'outcome', (eb) => eb.fn.sum<number>('jobs').as('count')])
        .groupBy(['workspace_id', 'outcome'])
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async countQueuedByWorkspace() {
      const rows = await db
        .selectFrom('print_queue_items')
        .select(['workspace_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('state', '=', 'TO_BE_PRINTED')
        .groupBy('workspace_id')
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async countFilesByWorkspace() {
      const rows = await db
        .selectFrom('files')
        .select([
          'workspace_id',
          (eb) => eb.fn.countAll<number>().as('count'),
          (eb) => eb.fn.sum<number>('size').as('bytes'),
        ])
        .groupBy('workspace_id')
        .execute();
      return rows.map((row) => ({
        workspace_id: row.workspace_id,
        count: Number(row.count),
        bytes: Number(row.bytes ?? 0),
      }));
    },

    async countNotificationsByChannelAndState() {
      const rows = await db
        .selectFrom('notification_outbox')
        .select(['channel', 'state', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['channel', 'state'])
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    /** Background jobs due or running, by kind, with the time the oldest became due. */
    async summarizeOpenJobs(nowIso: string) {
      const rows = await db
        .selectFrom('background_jobs')
        .select([
          'kind',
          'state',
          (eb) => eb.fn.countAll<number>().as('count'),
          (eb) => eb.fn.min('run_after').as('oldest'),
        ])
        .where((eb) =>
          eb.or([
            eb('state', '=', 'running'),
            eb.and([eb('state', '=', 'pending'), eb('run_after', '<=', nowIso)]),
          ]),
        )
        .groupBy(['kind', 'state'])
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        state: row.state,
        count: Number(row.count),
        oldest: row.oldest as string | null,
      }));
    },
  };
}

export type MetricsFiguresRepository = ReturnType<typeof createMetricsFiguresRepository>;
