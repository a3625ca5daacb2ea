import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';

/** Every ended print job, in id order, `batch` at a time: what the roll-up backfills read. */
export async function* endedJobBatches(
  db: Kysely<Database>,
  batch: number,
): AsyncGenerator<PrintJobRow[]> {
  let afterId = 0;
  for (;;) {
    const jobs: PrintJobRow[] = await db
      .selectFrom('print_jobs')
      .selectAll()
      .where('id', '>', afterId)
      .where('ended_on', 'is not', null)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (jobs.length === 0) return;
    yield jobs;
    afterId = jobs[jobs.length - 1]!.id;
  }
}
