import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import {
  addFileTotals,
  addJobsWithoutFile,
  addUserDayTotals,
  endedContributionOf,
  type PersonTotals,
} from './job-rollups-by-user-and-file.js';
import { endedJobBatches } from './ended-job-batches.js';

type Entry<K> = { key: K; totals: PersonTotals };

function sumInto<K>(into: Map<string, Entry<K>>, id: string, key: K, totals: PersonTotals): void {
  const entry = into.get(id);
  if (!entry) {
    into.set(id, { key, totals: { ...totals } });
    return;
  }
  for (const name of Object.keys(totals) as Array<keyof PersonTotals>)
    entry.totals[name] += totals[name];
}

/**
 * Rolls every ended job into the per-user and per-file roll-ups and the days' without-file
 * counts (migration 0050 for the history before them; the scale benchmark for the history it
 * inserts). The per-day roll-ups must hold the jobs already (`rollUpEndedJobs` first).
 */
export async function rollUpEndedJobsByUserAndFile(
  db: Kysely<Database>,
  batch = 1000,
): Promise<void> {
  for await (const jobs of endedJobBatches(db, batch)) {
    type UserKey = { workspace_id: number; day: string; user_id: number; username: string };
    type FileKey = { workspace_id: number; file_id: number; last_started_on: string };
    const users = new Map<string, Entry<UserKey>>();
    const files = new Map<string, Entry<FileKey>>();
    const withoutFile = new Map<
      string,
      { day: string; outcome: PrintJobRow['outcome'] } & { workspace_id: number; n: number }
    >();
    for (const job of jobs) {
      const day = job.started_on.slice(0, 10);
      const totals = endedContributionOf(job);
      const user = {
        workspace_id: job.workspace_id,
        day,
        user_id: job.user_id ?? 0,
        username: job.username,
      };
      sumInto(users, JSON.stringify(user), user, totals);
      if (job.file_id === null) {
        const id = `${job.workspace_id}|${day}|${job.outcome}`;
        const entry = withoutFile.get(id) ?? {
          workspace_id: job.workspace_id,
          day,
          outcome: job.outcome,
          n: 0,
        };
        entry.n += 1;
        withoutFile.set(id, entry);
        continue;
      }
      const key = {
        workspace_id: job.workspace_id,
        file_id: job.file_id,
        last_started_on: job.started_on,
      };
      const known = files.get(String(job.file_id));
      if (known && known.key.last_started_on > key.last_started_on)
        key.last_started_on = known.key.last_started_on;
      sumInto(files, String(job.file_id), key, totals);
      files.get(String(job.file_id))!.key.last_started_on = key.last_started_on;
    }
    // a migration on PostgreSQL runs in a transaction already; elsewhere one per batch
    // one insert per 500 rows (distinct keys), not one per row: PostgreSQL's round trips
    const addAll = async (trx: Kysely<Database>) => {
      const userRows = [...users.values()].map(({ key, totals }) => ({ ...key, ...totals }));
      const fileRows = [...files.values()].map(({ key, totals }) => ({ ...key, ...totals }));
      for (let i = 0; i < userRows.length; i += 500)
        await addUserDayTotals(trx, userRows.slice(i, i + 500));
      for (let i = 0; i < fileRows.length; i += 500)
        await addFileTotals(trx, fileRows.slice(i, i + 500));
      for (const { n, ...key } of withoutFile.values()) await addJobsWithoutFile(trx, key, n);
    };
    await (db.isTransaction ? addAll(db) : db.transaction().execute(addAll));
  }
}
