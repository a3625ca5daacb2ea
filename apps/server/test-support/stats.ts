import { expect } from 'vitest';
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

/** A file row for the roll-ups' tests (no content on disk: only its id and name are read). */
export async function insertFileRow(
  t: TestServer,
  file: { workspaceId: number; name: string; uploadedById: number },
): Promise<number> {
  const row = await t.server.database.db
    .insertInto('files')
    .values({
      workspace_id: file.workspaceId,
      name: file.name,
      search_name: file.name,
      note: '',
      size: 1,
      sha256: file.name,
      format: 'gcode',
      storage_key: `rollup/${file.name}`,
      is_public: 0,
      filament_type: null,
      filament_color: null,
      uploaded_by_id: file.uploadedById,
      uploaded_on: '2024-01-01T00:00:00.000Z',
      slicer: null,
      printing_time_sec: null,
      layer_height_mm: null,
      filament_used_mm: null,
      filament_used_g: null,
      nozzle_diameter_mm: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const CRASH_END = {
  outcome: 'done',
  ended_on: '2024-11-11T01:00:00.000Z',
  end_reason: null,
} as const;

/**
 * A job that runs on 2024-11-11 (4 g, 1000 mm, an hour) and whose ending transaction fails:
 * the server stops between the job's end and what follows it. `endCrashJob` ends it for good.
 */
export async function insertJobWhoseEndFails(
  t: TestServer,
  job: Pick<Insertable<PrintJobsTable>, 'workspace_id' | 'file_id' | 'user_id' | 'username'>,
): Promise<number> {
  const jobs = createPrintJobsRepository(t.server.database.db);
  const id = await jobs.insertJob({
    ...job,
    file_name: 'crash.gcode',
    printer_id: null,
    printer_name: 'MK4',
    device_key_id: 1,
    started_on: '2024-11-11T00:00:00.000Z',
    ended_on: null,
    outcome: 'printing',
    make_video: 0,
    video_state: 'NOT_RECORDED',
    filament_used_g: 4,
    filament_used_mm: 1000,
    printing_time_sec: 3600,
  });
  await expect(
    jobs.endJob(id, CRASH_END, () => Promise.reject(new Error('the server stopped'))),
  ).rejects.toThrow('the server stopped');
  return id;
}

/** Ends the job `insertJobWhoseEndFails` left running, this time with its whole transaction. */
export async function endCrashJob(t: TestServer, id: number): Promise<void> {
  await createPrintJobsRepository(t.server.database.db).endJob(
    id,
    CRASH_END,
    async () => undefined,
  );
}
