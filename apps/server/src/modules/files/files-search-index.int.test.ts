import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';
import { toSearchText } from './files-list-query.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';

/**
 * Files search is served by an index (migration 0023: SQLite FTS5 trigram, PostgreSQL pg_trgm)
 * and still answers exactly what a substring search answers, while files arrive, are renamed
 * and are deleted.
 */
let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
const files = new Map<number, string>();

const NAMES = [
  'Gear 20T.gcode',
  'gearbox housing.gcode',
  'Planetary GEAR set.gcode',
  'Hinge "quoted" part.gcode',
  'ČÁP holder.gcode',
  'čáp small.gcode',
  'Clip 100%.gcode',
  'clip_v2.gcode',
  'Knob.gcode',
  'Bracket gea.gcode',
];
const SEARCHES = [
  'gear',
  'GEA',
  'ear',
  'gearbox',
  '"quoted"',
  'čáp',
  'áp',
  'clip',
  '100%',
  '_v2',
  'o',
  'zzz',
  'ge',
];

async function upload(name: string): Promise<void> {
  const response = await uploadFile(t, owner.access, workspaceId, {
    bytes: buildTextGcode(),
    fields: { name },
  });
  expect(response.status).toBe(201);
  files.set(response.body.id, name);
}

async function search(text: string): Promise<string[]> {
  const response = await t.api(
    `/api/groups/${workspaceId}/files/?limit=100&search=${encodeURIComponent(text)}`,
    { token: owner.access },
  );
  expect(response.status).toBe(200);
  expect(response.body.count).toBe(response.body.results.length);
  return (response.body.results as Array<{ name: string }>).map((f) => f.name).sort();
}

/** What a substring search over the folded names answers. */
const expected = (text: string) =>
  [...files.values()].filter((name) => toSearchText(name).includes(toSearchText(text))).sort();

async function expectSameAsSubstringSearch(): Promise<void> {
  for (const text of SEARCHES) expect(await search(text), text).toEqual(expected(text));
}

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace());
  for (const name of NAMES) await upload(name);
});
afterAll(() => t.close());

describe('files search by index', () => {
  it('answers what a substring search answers, short texts and quotes included', async () => {
    expect(expected('gear')).toHaveLength(3);
    await expectSameAsSubstringSearch();
  });

  it('follows renames and deletions, and files uploaded later', async () => {
    const [gearId] = [...files].find(([, name]) => name === 'Gear 20T.gcode')!;
    const renamed = await t.api(`/api/groups/${workspaceId}/files/${gearId}/`, {
      method: 'PATCH',
      token: owner.access,
      body: { name: 'Sprocket 20T.gcode' },
    });
    expect(renamed.status).toBe(200);
    files.set(gearId, 'Sprocket 20T.gcode');
    const [knobId] = [...files].find(([, name]) => name === 'Knob.gcode')!;
    const deleted = await t.api(`/api/groups/${workspaceId}/files/${knobId}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(deleted.status).toBe(204);
    files.delete(knobId);
    await upload('Gear rack.gcode');
    expect(await search('sprocket')).toEqual(['Sprocket 20T.gcode']);
    expect(await search('knob')).toEqual([]);
    await expectSameAsSubstringSearch();
  });

  it('reads the index, not every file of the workspace', async () => {
    const db = t.server.database.db;
    if (t.server.database.dialect === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`explain query plan
        select count(*) from files f where +f.workspace_id = ${workspaceId}
        and f.id in (select rowid from files_search where files_search match '"gear"')`.execute(db);
      // the matches come from the search index, each file then by its id: no workspace walk
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).toMatch(/USING INTEGER PRIMARY KEY/);
      return;
    }
    // a few rows would be scanned anyway; without that choice the planner must have the index
    const plan = await db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
        select id from files where search_name like '%gear%'`.execute(connection);
      await sql`reset enable_seqscan`.execute(connection);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/files_search_name_trgm_idx/);
  });
});
