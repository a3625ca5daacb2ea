import type { Insertable } from 'kysely';
import type { PrintJobsTable } from '../src/db/schema.js';
import type { TestServer } from './test-server.js';
import { createPrintJobsRepository } from '../src/modules/print-jobs/print-jobs.repository.js';

/**
 * Records jobs as the product does: each starts running, and one with an end is then ended
 * through `endJob` (which keeps the statistics' roll-ups), with its outcome and end time.
 */
export async function insertJobs(
  t: TestServer,
  rows: Array<Insertable<PrintJobsTable>>,
): Promise<number[]> {
  const jobs = createPrintJobsRepository(t.server.database.db);
  const ids: number[] = [];
  for (const row of rows) {
    const isEnded = row.ended_on !== null && row.ended_on !== undefined;
    const id = await jobs.insertJob({
      ...row,
      ...(isEnded ? { ended_on: null, outcome: 'printing' as const } : {}),
    });
    if (isEnded && row.outcome !== 'printing') {
      await jobs.endJob(
        id,
        { outcome: row.outcome, ended_on: row.ended_on!, end_reason: null },
        async () => undefined,
      );
    }
    ids.push(id);
  }
  return ids;
}
