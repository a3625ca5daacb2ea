import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_QUEUE_ARCHIVE_COUNT_CAP } from '@printdeck/shared';
import { RUNNING_JOB_COLUMNS } from '../print-jobs/print-jobs.repository.js';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { enableQueue, queuePath, uploadGcode } from '../../../test-support/print-queue.js';

/**
 * The queue list pages (issue 31): queued items in queue order, a keyset cursor after the last
 * one shown, so items added while a person pages never shift, repeat or skip a row.
 */
let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let file: number;

beforeAll(async () => {
  ({ t, user: admin, workspaceId } = await startServerWithWorkspace());
  await enableQueue(t, admin, workspaceId);
  file = await uploadGcode(t, admin, workspaceId, 'benchy.gcode');
});
afterAll(() => t.close());

async function addItem(): Promise<number> {
  const response = await t.api(queuePath(workspaceId), {
    method: 'POST',
    token: admin.access,
    body: { file },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

const readPage = (query: string) => t.api(queuePath(workspaceId, query), { token: admin.access });

describe('GET /api/groups/{g}/print-queue/ pages', () => {
  it('returns every queued item exactly once across pages while items are added', async () => {
    const before: number[] = [];
    for (let i = 0; i < 7; i += 1) before.push(await addItem());
    const added: number[] = [];
    const seen: number[] = [];
    let query = '?queue_limit=3';
    for (let pages = 0; ; pages += 1) {
      expect(pages).toBeLessThan(10);
      const page = await readPage(query);
      expect(page.status).toBe(200);
      const queued = (page.body.results as Array<{ id: number; box: string }>).filter(
        (item) => item.box === 'queue',
      );
      expect(queued.length).toBeLessThanOrEqual(3);
      seen.push(...queued.map((item) => item.id));
      expect(page.body.queue_count).toBe(before.length + added.length);
      if (page.body.queue_next === null) break;
      added.push(await addItem()); // arrives at the end while the person reads
      query = `?queue_limit=3&queue_after=${page.body.queue_next}`;
    }
    expect(seen).toEqual([...before, ...added]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages after the first hold only queued items; the first holds the archive count', async () => {
    const first = await readPage('?queue_limit=1');
    expect(first.body).toMatchObject({ archive_count: 0 });
    expect(first.body.results).toHaveLength(1);
    const second = await readPage(`?queue_limit=1&queue_after=${first.body.queue_next}`);
    expect(second.body.results.map((item: { box: string }) => item.box)).toEqual(['queue']);
  });

  it('refuses a made-up cursor and a limit out of range with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?queue_after=abc', 'querystring.queue_after'],
      ['?queue_after=1.2.3', 'querystring.queue_after'],
      ['?queue_limit=0', 'querystring.queue_limit'],
      ['?queue_limit=1001', 'querystring.queue_limit'],
    ] as const) {
      const response = await readPage(query);
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.details), query).toEqual([field]);
    }
  });
});

describe('GET /api/groups/{g}/print-queue/ printed items', () => {
  let workspace: number;
  let printedFile: number;
  let jobKeyId: number;

  beforeAll(async () => {
    workspace = await buildWorkspace(t, admin);
    await enableQueue(t, admin, workspace);
    printedFile = await uploadGcode(t, admin, workspace, 'printed.gcode');
    await t.api('/api/device_keys/', { method: 'POST', token: admin.access });
    const key = await t.server.database.db
      .selectFrom('device_keys')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    jobKeyId = key.id;
  });

  /** A printed item as the queue records one (its job given, or none: printed elsewhere). */
  async function addPrinted(state: 'PRINTED' | 'DONE', jobId: number | null = null) {
    const db = t.server.database.db;
    const { max } = await db
      .selectFrom('print_queue_items')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('workspace_id', '=', workspace)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('print_queue_items')
      .values({
        workspace_id: workspace,
        file_id: printedFile,
        printer_id: null,
        state,
        position: Number(max ?? 0) + 1,
        jobox_autostart: 0,
        make_video: 0,
        print_job_id: jobId,
        added_by_id: admin.id,
        added_by_username: 'admin',
        added_on: now,
        printed_on: now,
        done_on: state === 'DONE' ? now : null,
        started_by: 'manual',
        starting_on: null,
        is_held: 0,
        start_error: null,
        start_error_on: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function addRunningJob(): Promise<number> {
    const { id } = await t.server.database.db
      .insertInto('print_jobs')
      .values({
        workspace_id: workspace,
        file_id: printedFile,
        file_name: 'printed.gcode',
        printer_id: null,
        printer_name: 'Gone',
        device_key_id: jobKeyId,
        user_id: admin.id,
        username: 'admin',
        started_on: new Date().toISOString(),
        ...RUNNING_JOB_COLUMNS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const read = (query: string) =>
    t.api(queuePath(workspace, query), { token: admin.access }) as Promise<{
      status: number;
      body: {
        results: Array<{ id: number; box: string; state: string }>;
        printed_count: number;
        printed_next: string | null;
        archive_count: number;
        archive_count_is_capped: boolean;
      };
    }>;

  it('pages the printed items newest first, each exactly once while more are printed', async () => {
    const running = await addPrinted('PRINTED', await addRunningJob());
    const before: number[] = [];
    for (let i = 0; i < 7; i += 1) before.push(await addPrinted('PRINTED'));
    const seen: number[] = [];
    let query = '?printed_limit=3';
    for (let pages = 0; ; pages += 1) {
      expect(pages).toBeLessThan(10);
      const page = await read(query);
      expect(page.status).toBe(200);
      const printed = page.body.results.filter((item) => item.box === 'printed');
      expect(printed.length).toBeLessThanOrEqual(3);
      seen.push(...printed.map((item) => item.id));
      // the running item is on the first page, always, and never in the printed pages
      expect(page.body.results.some((item) => item.id === running)).toBe(pages === 0);
      if (page.body.printed_next === null) break;
      await addPrinted('PRINTED'); // printed while the person reads: at the top, not repeated
      query = `?printed_limit=3&printed_after=${page.body.printed_next}`;
    }
    expect(seen).toEqual([...before].reverse());
    const first = await read('?printed_limit=3');
    expect(first.body.printed_count).toBe(1 + before.length + 2);
  });

  it('counts the archive up to its cap and says when there are more', async () => {
    const db = t.server.database.db;
    const archived = (await read('')).body.archive_count;
    const now = new Date().toISOString();
    const { max } = await db
      .selectFrom('print_queue_items')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('workspace_id', '=', workspace)
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: PRINT_QUEUE_ARCHIVE_COUNT_CAP + 1 - archived }, (_, i) => ({
      workspace_id: workspace,
      file_id: printedFile,
      state: 'DONE' as const,
      position: Number(max ?? 0) + 1 + i,
      jobox_autostart: 0,
      make_video: 0,
      is_held: 0,
      added_by_id: admin.id,
      added_by_username: 'admin',
      added_on: now,
      printed_on: now,
      done_on: now,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await db
        .insertInto('print_queue_items')
        .values(rows.slice(i, i + 250))
        .execute();
    const page = await read('?archive_limit=2');
    expect(page.body).toMatchObject({
      archive_count: PRINT_QUEUE_ARCHIVE_COUNT_CAP,
      archive_count_is_capped: true,
    });
    expect(page.body.results.filter((item) => item.box === 'archive')).toHaveLength(2);
  });

  it('refuses paging the queue and the printed items at once', async () => {
    const response = await read('?queue_after=1.1&printed_after=1.1');
    expect(response.status).toBe(400);
    expect(Object.keys((response.body as unknown as { details: object }).details)).toEqual([
      'querystring.printed_after',
    ]);
  });
});
