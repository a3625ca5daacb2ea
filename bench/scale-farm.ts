/**
 * The farm `scale.bench.ts` measures (issue 31), built directly in the database: printers with
 * a spool each, members, files, a year of jobs and a queue no free printer may take from.
 */
import { createHash } from 'node:crypto';
import type { DeviceState } from '@printdeck/shared';
import { rollUpEndedJobs } from '../apps/server/src/modules/stats/job-rollups.js';
import { rollUpEndedJobsByUserAndFile } from '../apps/server/src/modules/stats/job-rollups-backfill.js';
import { rebuildMonthRollups } from '../apps/server/src/modules/stats/job-rollup-months.js';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import { buildUser, buildWorkspace } from '../apps/server/test-support/factories.js';
import { startTestServer, type TestServer } from '../apps/server/test-support/test-server.js';
import { deviceKeyRow } from '../apps/server/test-support/rows.js';

export const DAY_MS = 86_400_000;
const WORDS = ['bracket', 'gear', 'hinge', 'mount', 'clip', 'knob', 'spacer', 'cover', 'case'];
const FILAMENTS = ['PLA', 'PETG'] as const;
const OUTCOMES = ['done', 'done', 'done', 'done', 'failed', 'cancelled'] as const;

export interface Farm {
  t: TestServer;
  token: string;
  workspaceId: number;
  /** a job id deep in the history: a page 90 % down */
  deepCursor: number;
  /** the queued item 90 % down the queue ("position.id"), for its page */
  queueDeepCursor: string;
  /** the printed item 90 % down the Printed box, for its page */
  printedDeepCursor: string;
}

/** Inserts rows in batches inside one transaction (fast on both databases). */
async function insertAll<T>(
  t: TestServer,
  table: 'users' | 'memberships' | 'device_keys' | 'printers' | 'files' | 'print_jobs',
  rows: T[],
  batch = 400,
): Promise<void> {
  await t.server.database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += batch)
      // rows are built per table below; their union type is not spelled out here
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + batch) as never)
        .execute();
  });
}

/**
 * `devices: 'none'` leaves the printers without a device (for a bench whose real agents connect
 * with the keys `farmDeviceKeys` gives them); by default every printer has one in this process.
 */
export async function buildFarm(
  scale: number,
  options: { devices?: 'in-process' | 'none' } = {},
): Promise<Farm> {
  const t = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  // the measured tick is called by hand; the periodic one would run inside other figures
  t.server.services.printQueue.dispatcher.stop();
  const owner = await buildUser(t);
  const workspaceId = await buildWorkspace(t, owner, 'Farm');
  const db = t.server.database.db;
  await db
    .updateTable('workspaces')
    .set({ print_queue_enabled: 1, queue_dispatch_enabled: 1 })
    .where('id', '=', workspaceId)
    .execute();
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const members = 100 * scale;
  const printers = 100 * scale;
  const files = 10_000 * scale;
  const jobs = 10_000 * scale;
  const queued = 1_000 * scale;

  await insertAll(
    t,
    'users',
    Array.from({ length: members }, (_, i) => ({
      username: `member${i}`,
      email: `member${i}@farm.example`,
      password_hash: 'x',
      is_admin: 0,
      created_on: iso(now - 400 * DAY_MS),
      totp_secret: null,
      totp_enabled_on: null,
      totp_last_step: null,
      language: null,
    })),
  );
  const userIds = (
    await db.selectFrom('users').select('id').where('email', 'like', '%@farm.example').execute()
  ).map((row) => row.id);
  await insertAll(
    t,
    'memberships',
    userIds.map((id) => ({
      workspace_id: workspaceId,
      user_id: id,
      role: 'user',
      created_on: iso(now - 400 * DAY_MS),
    })),
  );
  await insertAll(
    t,
    'device_keys',
    Array.from({ length: printers }, (_, i) =>
      deviceKeyRow({
        publicId: `farm-key-${i}`,
        createdBy: owner.id,
        createdOn: iso(now - 400 * DAY_MS),
        workspaceId,
      }),
    ),
  );
  const keyIds = (
    await db
      .selectFrom('device_keys')
      .select('id')
      .where('public_id', 'like', 'farm-key-%')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
  await insertAll(
    t,
    'printers',
    keyIds.map((keyId, i) => ({
      workspace_id: workspaceId,
      device_key_id: keyId,
      name: `Printer ${String((i * 7919) % printers).padStart(5, '0')}`,
      note: '',
      enabled: 1,
      device_type: 'octoprint',
      filament_type: FILAMENTS[i % 2],
      camera_enabled: 0,
      camera_rotation: 0,
      jobox_enabled: i % 2,
      created_on: iso(now - 400 * DAY_MS),
      octoprint_api_key: null,
    })),
  );
  const printerRows = await db
    .selectFrom('printers')
    .select(['id', 'name', 'device_key_id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  await insertAll(
    t,
    'files',
    Array.from({ length: files }, (_, i) => {
      const name = `part-${i} ${WORDS[i % WORDS.length]} v${i % 13}.gcode`;
      return {
        workspace_id: workspaceId,
        name,
        search_name: name.toLowerCase(),
        note: '',
        size: 100_000 + i,
        sha256: `sha-${i}`,
        format: 'gcode',
        storage_key: `farm/${i}`,
        is_public: 0,
        // every tenth file needs ASA, which no printer has: those items wait for ever
        filament_type: i % 10 === 0 ? 'ASA' : FILAMENTS[i % 2],
        filament_color: null,
        uploaded_by_id: userIds[i % userIds.length],
        uploaded_on: iso(now - 365 * DAY_MS + (i * 365 * DAY_MS) / files),
        slicer: 'PrusaSlicer',
        printing_time_sec: 3600,
        layer_height_mm: 0.2,
        filament_used_mm: 1000,
        filament_used_g: 3,
        nozzle_diameter_mm: 0.4,
      };
    }),
  );
  const fileRows = await db
    .selectFrom('files')
    .select(['id', 'name'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  // a year of jobs in start order; the newest job of every tenth printer is still printing
  const jobRows = Array.from({ length: jobs }, (_, i) => {
    const printer = printerRows[i % printers]!;
    const file = fileRows[(i * 31) % files]!;
    const started = now - 365 * DAY_MS + (i * 365 * DAY_MS) / jobs;
    const isOpen = i >= jobs - printers && (i % printers) % 10 === 0;
    return {
      workspace_id: workspaceId,
      file_id: i % 50 === 0 ? null : file.id,
      file_name: file.name,
      printer_id: printer.id,
      printer_name: printer.name,
      device_key_id: printer.device_key_id,
      user_id: userIds[i % userIds.length],
      username: `member${i % userIds.length}`,
      started_on: iso(started),
      ended_on: isOpen ? null : iso(started + 3_600_000),
      outcome: isOpen ? 'printing' : OUTCOMES[i % OUTCOMES.length],
      make_video: 0,
      video_state: 'NOT_RECORDED',
      filament_used_g: 3,
      filament_used_mm: 1000,
      printing_time_sec: 3600,
    };
  });
  await insertAll(t, 'print_jobs', jobRows, 250);
  await rollUpEndedJobs(db); // as migration 0018 does for a history that predates it
  await rollUpEndedJobsByUserAndFile(db); // and migration 0050
  await rebuildMonthRollups(db); // and migration 0056
  const jobIds = (
    await db
      .selectFrom('print_jobs')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .orderBy('id', 'desc')
      .execute()
  ).map((row) => row.id);

  // the queue: half assigned without the auto-start (a person starts them), half for any printer
  // but needing ASA, each of those also requiring a colour (issue 26: half a black close to the
  // loaded ones, half a red no printer has); then as many printed items nobody archived yet (their jobs the newest, a tenth still
  // printing) and as many archived ones: the two parts that grow with the farm's history
  const jobOf = (i: number) => jobIds[i % jobIds.length]!;
  const queueRows = Array.from({ length: queued * 3 }, (_, i) => {
    const isPrinted = i >= queued && i < queued * 2;
    const isArchived = i >= queued * 2;
    const isAssigned = i % 2 === 0;
    const file = isAssigned ? fileRows[(i * 7) % files]! : fileRows[((i * 7) % (files / 10)) * 10]!;
    return {
      workspace_id: workspaceId,
      file_id: file.id,
      printer_id: isAssigned ? printerRows[i % printers]!.id : null,
      state: isArchived ? 'DONE' : isPrinted ? 'PRINTED' : 'TO_BE_PRINTED',
      position: i + 1,
      jobox_autostart: 0,
      make_video: 0,
      print_job_id: isPrinted ? jobOf(i - queued) : null,
      added_by_id: userIds[i % userIds.length],
      added_by_username: `member${i % userIds.length}`,
      added_on: iso(now - DAY_MS + i),
      printed_on: isArchived || isPrinted ? iso(now) : null,
      done_on: isArchived ? iso(now) : null,
      started_by: null,
      starting_on: null,
      is_held: 0,
      start_error: null,
      start_error_on: null,
      required_material: null,
      required_color_hex: isAssigned ? null : i % 4 === 1 ? '#1a1a1a' : '#ff0000',
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < queueRows.length; i += 400)
      await trx
        .insertInto('print_queue_items')
        .values(queueRows.slice(i, i + 400) as never)
        .execute();
    // issue 26: every printer has a spool of its filament loaded; every fifth one has 1 g left,
    // less than any file's estimate, so the tick's filament check has spools to weigh
    const spoolRows = printerRows.map((_, i) => ({
      workspace_id: workspaceId,
      material: FILAMENTS[i % 2]!,
      color_hex: i % 3 === 0 ? '#fafafa' : '#111111',
      color_name: i % 3 === 0 ? 'White' : 'Black',
      brand: 'Farm',
      diameter_mm: 1.75,
      initial_weight_g: 1000,
      remaining_weight_g: i % 5 === 0 ? 1 : 500,
      cost_per_kg: 25,
      location: '',
      notes: '',
      low_threshold_g: 100,
      is_archived: 0,
      created_on: iso(now),
      updated_on: iso(now),
    }));
    for (let i = 0; i < spoolRows.length; i += 400)
      await trx
        .insertInto('spools')
        .values(spoolRows.slice(i, i + 400))
        .execute();
    const spoolIds = (
      await trx
        .selectFrom('spools')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    for (let i = 0; i < printerRows.length; i += 400)
      await trx
        .insertInto('printer_spools')
        .values(
          printerRows.slice(i, i + 400).map((p, j) => ({
            printer_id: p.id,
            tool: 0,
            spool_id: spoolIds[i + j]!,
            loaded_on: iso(now),
          })),
        )
        .execute();
    for (let i = 0; i < printerRows.length; i += 400)
      await trx
        .insertInto('printer_plates')
        .values(
          printerRows
            .slice(i, i + 400)
            .map((p) => ({ printer_id: p.id, state: 'clear' as const, changed_on: iso(now) })),
        )
        .execute();
  });

  // every printer connected; a tenth printing, the rest ready
  const live = t.server.services.devices.live;
  const link = { send: () => true, close: () => undefined };
  for (const [i, printer] of options.devices === 'none' ? [] : printerRows.entries()) {
    const isPrinting = i % 10 === 0;
    const state: DeviceState = isPrinting
      ? readyState({
          state: {
            text: 'Printing',
            flags: { ...readyState().state.flags, printing: true, ready: false },
          },
        })
      : readyState();
    live.attach(printer.device_key_id, link, 'octoprint');
    live.applySnapshot(printer.device_key_id, state);
  }
  await t.server.services.printQueue.dispatcher.whenIdle();
  const deepItem = (state: 'TO_BE_PRINTED' | 'PRINTED') =>
    db
      .selectFrom('print_queue_items')
      .select(['position', 'id'])
      .where('workspace_id', '=', workspaceId)
      .where('state', '=', state)
      .orderBy('position', state === 'PRINTED' ? 'desc' : 'asc')
      .orderBy('id', state === 'PRINTED' ? 'desc' : 'asc')
      .offset(Math.floor(queued * 0.9))
      .limit(1)
      .executeTakeFirstOrThrow();
  const [queueDeep, printedDeep] = [await deepItem('TO_BE_PRINTED'), await deepItem('PRINTED')];
  return {
    t,
    token: owner.access,
    workspaceId,
    deepCursor: jobIds[Math.floor(jobs * 0.9)]!,
    queueDeepCursor: `${queueDeep.position}.${queueDeep.id}`,
    printedDeepCursor: `${printedDeep.position}.${printedDeep.id}`,
  };
}

/**
 * Device keys an agent can connect with, for the farm's printers (their rows hold no usable
 * secret): each key gets a public id and a secret of the product's format, stored as the
 * product stores them (the secret's SHA-256).
 */
export async function farmDeviceKeys(t: TestServer): Promise<string[]> {
  const db = t.server.database.db;
  const rows = await db
    .selectFrom('device_keys')
    .select('id')
    .where('public_id', 'like', 'farm-key-%')
    .orderBy('id')
    .execute();
  const keys: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const [i, row] of rows.entries()) {
      const publicId = `farm${String(i).padStart(8, '0')}`;
      const secret = createHash('sha256').update(`farm-secret-${i}`).digest('base64url');
      await trx
        .updateTable('device_keys')
        .set({
          public_id: publicId,
          secret_hash: createHash('sha256').update(secret).digest('hex'),
        })
        .where('id', '=', row.id)
        .execute();
      keys.push(`${publicId}.${secret}`);
    }
  });
  return keys;
}
