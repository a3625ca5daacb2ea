import type { Insertable } from 'kysely';
import type { PrintJobsTable } from '../src/db/schema.js';
import type { BuiltUser } from './factories.js';
import type { TestServer } from './test-server.js';

/**
 * A job printing now, written straight into the table (no printer or agent behind it) for the
 * notification, webhook and chat tests that end it themselves; `fields` overrides the defaults.
 */
export async function insertRunningJob(
  t: TestServer,
  owner: { workspaceId: number; user: BuiltUser },
  fields: Partial<Insertable<PrintJobsTable>> = {},
): Promise<number> {
  const row = await t.server.database.db
    .insertInto('print_jobs')
    .values({
      workspace_id: owner.workspaceId,
      file_id: null,
      file_name: 'benchy.gcode',
      printer_id: null,
      printer_name: 'MK4',
      device_key_id: 1,
      user_id: owner.user.id,
      username: owner.user.email,
      started_on: new Date().toISOString(),
      ended_on: null,
      outcome: 'printing',
      make_video: 0,
      video_state: null,
      filament_used_g: null,
      filament_used_mm: null,
      printing_time_sec: null,
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
