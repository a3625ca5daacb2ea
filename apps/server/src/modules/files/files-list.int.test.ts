import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@printdeck/shared';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

let t: TestServer;
let owner: BuiltUser;
beforeAll(async () => ({ t, user: owner } = await startServerWithUser()));
afterAll(() => t.close());

async function upload(workspaceId: number, name: string): Promise<number> {
  const response = await uploadFile(t, owner.access, workspaceId, {
    bytes: buildTextGcode(),
    fields: { name },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function createLabel(workspaceId: number, name: string, parentId?: number): Promise<number> {
  const response = await t.api(`/api/groups/${workspaceId}/file-labels/`, {
    method: 'POST',
    token: owner.access,
    body: { name, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function setLabels(workspaceId: number, fileId: number, labelIds: number[]) {
  const response = await t.api(`/api/groups/${workspaceId}/files/${fileId}/`, {
    method: 'PATCH',
    token: owner.access,
    body: { fileLabels: labelIds },
  });
  expect(response.status).toBe(200);
}

const list = (workspaceId: number, query = '') =>
  t.api(`/api/groups/${workspaceId}/files/${query}`, { token: owner.access });

const names = (body: { results: Array<{ name: string }> }) => body.results.map((f) => f.name);

describe('GET /api/groups/{g}/files/ paging', () => {
  it('pages newest first by following next until it is null, with the full count each time', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const uploaded: string[] = [];
    for (let i = 1; i <= 7; i += 1) {
      uploaded.push(`file-${i}.gcode`);
      await upload(workspaceId, `file-${i}.gcode`);
    }
    const seen: string[] = [];
    let next: string | null = `/api/groups/${workspaceId}/files/?limit=3`;
    let pages = 0;
    while (next) {
      const page = await t.api(next, { token: owner.access });
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(7);
      expect(page.body.results.length).toBeLessThanOrEqual(3);
      seen.push(...names(page.body));
      next = page.body.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...uploaded].reverse());
  });

  it('keeps its place when files arrive between pages, and refuses a forged cursor', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    for (const name of ['a', 'b', 'c', 'd']) await upload(workspaceId, name);
    const first = await list(workspaceId, '?limit=2');
    expect(names(first.body)).toEqual(['d', 'c']);
    await upload(workspaceId, 'e');
    const second = await t.api(first.body.next, { token: owner.access });
    expect(names(second.body)).toEqual(['b', 'a']);
    expect(second.body.next).toBeNull();
    for (const cursor of ['nonsense', Buffer.from('[1,2]').toString('base64url')]) {
      const forged = await list(workspaceId, `?cursor=${cursor}`);
      expect(forged.status).toBe(400);
      expect(Object.keys(forged.body.details)).toEqual(['querystring.cursor']);
    }
  });

  it('breaks ties of the same upload time by id, never skipping or repeating a file', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await upload(workspaceId, `same-${i}`));
    await t.server.database.db
      .updateTable('files')
      .set({ uploaded_on: '2026-01-01T00:00:00.000Z' })
      .where('workspace_id', '=', workspaceId)
      .execute();
    const seen: number[] = [];
    let next: string | null = `/api/groups/${workspaceId}/files/?limit=2`;
    while (next) {
      const page = await t.api(next, { token: owner.access });
      seen.push(...page.body.results.map((f: { id: number }) => f.id));
      next = page.body.next;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('counts up to LIST_COUNT_CAP and then says there are more (every page costs the same)', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const db = t.server.database.db;
    const rows = Array.from({ length: LIST_COUNT_CAP + 1 }, (_, i) => ({
      workspace_id: workspaceId,
      name: `many-${i}.gcode`,
      search_name: `many-${i}.gcode`,
      note: '',
      size: 1000 + i,
      sha256: `many-${i}`,
      format: 'gcode' as const,
      storage_key: `many/${i}`,
      is_public: 0,
      uploaded_by_id: owner.id,
      uploaded_on: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('files')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    const page = await list(workspaceId, '?limit=2');
    expect(page.body).toMatchObject({ count: LIST_COUNT_CAP, count_is_capped: true });
    expect(names(page.body)).toEqual([
      `many-${LIST_COUNT_CAP}.gcode`,
      `many-${LIST_COUNT_CAP - 1}.gcode`,
    ]);
    // a broad search counts up to SEARCH_COUNT_CAP (1,112 match), a narrower one exactly
    const broad = await list(workspaceId, '?search=many-1&limit=1');
    expect(broad.body).toMatchObject({ count: SEARCH_COUNT_CAP, count_is_capped: true });
    expect(names(broad.body)).toEqual([`many-${LIST_COUNT_CAP}.gcode`]);
    const narrow = await list(workspaceId, '?search=many-12&limit=1');
    expect(narrow.body).toMatchObject({ count: 111, count_is_capped: false });
    expect(names(narrow.body)).toEqual(['many-1299.gcode']);
    // another workspace's matches are not counted
    const other = await list(await buildWorkspace(t, owner), '?search=many-12');
    expect(other.body).toMatchObject({ count: 0, count_is_capped: false });
    await db.deleteFrom('files').where('storage_key', '=', `many/${LIST_COUNT_CAP}`).execute();
    const exact = await list(workspaceId, '?limit=1');
    expect(exact.body).toMatchObject({ count: LIST_COUNT_CAP, count_is_capped: false });
  });

  it('is an empty page for an empty workspace', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const page = await list(workspaceId);
    expect(page.body).toEqual({ results: [], count: 0, count_is_capped: false, next: null });
  });
});

describe('GET /api/groups/{g}/files/ filters', () => {
  let workspaceId: number;
  let pla: number;
  let plaRed: number;
  let petg: number;
  beforeAll(async () => {
    workspaceId = await buildWorkspace(t, owner);
    pla = await createLabel(workspaceId, 'PLA');
    plaRed = await createLabel(workspaceId, 'Red', pla);
    petg = await createLabel(workspaceId, 'PETG');
    const plain = await upload(workspaceId, 'Plain Benchy.gcode');
    const red = await upload(workspaceId, 'Red hook 100%.gcode');
    const both = await upload(workspaceId, 'PETG_clip.gcode');
    await upload(workspaceId, 'ČÁP holder.gcode');
    await setLabels(workspaceId, plain, [pla]);
    await setLabels(workspaceId, red, [plaRed]);
    await setLabels(workspaceId, both, [petg, pla]);
  });

  it('matches a label together with its sub-labels, and several labels as any of them', async () => {
    const byPla = await list(workspaceId, `?labels=${pla}`);
    expect(names(byPla.body).sort()).toEqual(
      ['PETG_clip.gcode', 'Plain Benchy.gcode', 'Red hook 100%.gcode'].sort(),
    );
    expect(byPla.body.count).toBe(3);
    const byRed = await list(workspaceId, `?labels=${plaRed}`);
    expect(names(byRed.body)).toEqual(['Red hook 100%.gcode']);
    const byEither = await list(workspaceId, `?labels=${plaRed},${petg}`);
    expect(names(byEither.body).sort()).toEqual(['PETG_clip.gcode', 'Red hook 100%.gcode']);
  });

  it('finds files without a label with UNCATEGORIZED or noLabels=true', async () => {
    for (const query of ['?labels=UNCATEGORIZED', '?noLabels=true']) {
      const page = await list(workspaceId, query);
      expect(names(page.body), query).toEqual(['ČÁP holder.gcode']);
    }
    const both = await list(workspaceId, `?labels=${pla}&noLabels=true`);
    expect(both.status).toBe(400);
  });

  it("matches nothing for a label of another workspace, and never shows that workspace's files", async () => {
    const other = await buildWorkspace(t, owner);
    const foreign = await createLabel(other, 'Foreign');
    await setLabels(other, await upload(other, 'foreign.gcode'), [foreign]);
    const page = await list(workspaceId, `?labels=${foreign}`);
    expect(page.body).toEqual({ results: [], count: 0, count_is_capped: false, next: null });
  });

  it('searches names case-insensitively, in any script, with % and _ taken literally', async () => {
    expect(names((await list(workspaceId, '?search=benchy')).body)).toEqual(['Plain Benchy.gcode']);
    expect(names((await list(workspaceId, '?search=%C4%8D%C3%A1p')).body)).toEqual([
      'ČÁP holder.gcode',
    ]);
    expect(names((await list(workspaceId, '?search=100%25')).body)).toEqual([
      'Red hook 100%.gcode',
    ]);
    expect(names((await list(workspaceId, '?search=%25')).body)).toEqual(['Red hook 100%.gcode']);
    expect(names((await list(workspaceId, '?search=_')).body)).toEqual(['PETG_clip.gcode']);
    const combined = await list(workspaceId, `?labels=${pla}&search=clip`);
    expect(names(combined.body)).toEqual(['PETG_clip.gcode']);
    expect(combined.body.count).toBe(1);
  });

  it('refuses a search of 10,000 characters and malformed filters with 400', async () => {
    const long = await list(workspaceId, `?search=${'x'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.details)).toEqual(['querystring.search']);
    for (const query of ['?labels=abc', '?labels=1,,2', '?limit=0', '?limit=101', '?other=1']) {
      expect((await list(workspaceId, query)).status, query).toBe(400);
    }
  });

  it('carries the filters into next', async () => {
    const page = await list(workspaceId, `?labels=${pla}&search=e&limit=1`);
    expect(page.body.count).toBe(3);
    const next = new URL(page.body.next, 'http://x');
    expect(next.searchParams.get('labels')).toBe(String(pla));
    expect(next.searchParams.get('search')).toBe('e');
    expect(next.searchParams.get('limit')).toBe('1');
  });
});

describe('GET /api/groups/{g}/files/ ordering', () => {
  /** Every name of the list in the given ordering, following next two files at a time. */
  async function listAll(workspaceId: number, ordering: string): Promise<string[]> {
    const seen: string[] = [];
    let next: string | null = `/api/groups/${workspaceId}/files/?limit=2&ordering=${ordering}`;
    while (next) {
      const page = await t.api(next, { token: owner.access });
      expect(page.status, ordering).toBe(200);
      expect(page.body.count).toBe(4);
      // next keeps the ordering (the default needs no parameter)
      if (page.body.next && ordering !== '-uploaded_on') {
        expect(page.body.next).toContain(`ordering=${ordering}`);
      }
      seen.push(...names(page.body));
      next = page.body.next;
    }
    return seen;
  }

  it('sorts by name (ignoring case), date and size, both ways, across pages', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    // uploaded in this order; sizes differ by their extra lines
    const files: Array<[string, number]> = [
      ['bracket.gcode', 40],
      ['Axle.gcode', 0],
      ['cube.gcode', 120],
      ['dial.gcode', 80],
    ];
    for (const [name, extraLines] of files) {
      const response = await uploadFile(t, owner.access, workspaceId, {
        bytes: buildTextGcode({ extraLines }),
        fields: { name },
      });
      expect(response.status).toBe(201);
    }
    const byName = ['Axle.gcode', 'bracket.gcode', 'cube.gcode', 'dial.gcode'];
    const bySize = ['Axle.gcode', 'bracket.gcode', 'dial.gcode', 'cube.gcode'];
    const byDate = files.map(([name]) => name);
    expect(await listAll(workspaceId, 'name')).toEqual(byName);
    expect(await listAll(workspaceId, '-name')).toEqual([...byName].reverse());
    expect(await listAll(workspaceId, 'size')).toEqual(bySize);
    expect(await listAll(workspaceId, '-size')).toEqual([...bySize].reverse());
    expect(await listAll(workspaceId, 'uploaded_on')).toEqual(byDate);
    expect(await listAll(workspaceId, '-uploaded_on')).toEqual([...byDate].reverse());
    // the default stays the newest first
    expect(names((await list(workspaceId)).body)).toEqual([...byDate].reverse());
  });

  it('refuses an unknown ordering, and a cursor made for another ordering, naming the field', async () => {
    const workspaceId = await buildWorkspace(t, owner);
    const bad = await list(workspaceId, '?ordering=colour');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(['querystring.ordering']);

    for (let i = 1; i <= 3; i += 1) await upload(workspaceId, `part-${i}.gcode`);
    const first = await list(workspaceId, '?limit=1&ordering=name');
    const cursor = new URL(first.body.next, 'http://x').searchParams.get('cursor');
    const mixed = await list(workspaceId, `?limit=1&ordering=-size&cursor=${cursor}`);
    expect(mixed.status).toBe(400);
    expect(Object.keys(mixed.body.details)).toEqual(['querystring.cursor']);
  });
});
