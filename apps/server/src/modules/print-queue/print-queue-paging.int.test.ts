import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
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
  t = await startTestServer();
  admin = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin);
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
