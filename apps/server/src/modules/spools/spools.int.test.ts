import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@printdeck/shared';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let admin: BuiltUser;
beforeAll(async () => ({ t, user: admin } = await startServerWithUser()));
afterAll(() => t.close());

const spoolsUrl = (workspaceId: number) => `/api/groups/${workspaceId}/spools/`;
const PETG_BLACK = {
  material: 'PETG',
  color_hex: '#111111',
  color_name: 'Black',
  brand: 'Prusament',
  initial_weight_g: 1000,
  cost_per_kg: 25,
  location: 'Shelf A',
};

async function createSpools(workspaceId: number, body: object, as = admin) {
  return t.api(spoolsUrl(workspaceId), { method: 'POST', token: as.access, body });
}

async function countSpoolRows(workspaceId: number): Promise<number> {
  const rows = await t.server.database.db
    .selectFrom('spools')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .execute();
  return rows.length;
}

describe('the spool inventory', () => {
  it('adds a spool with defaults: full, 1.75 mm, low below 100 g, not loaded', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const response = await createSpools(workspaceId, { ...PETG_BLACK, color_hex: '#AbCdEf' });
    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({
      material: 'PETG',
      color_hex: '#abcdef',
      diameter_mm: 1.75,
      initial_weight_g: 1000,
      remaining_weight_g: 1000,
      low_threshold_g: 100,
      is_low: false,
      is_archived: false,
      loaded_on: null,
      notes: '',
    });
    const one = await t.api(`${spoolsUrl(workspaceId)}${response.body[0].id}/`, {
      token: admin.access,
    });
    expect(one.body).toEqual(response.body[0]);
  });

  it('bulk-adds N identical spools in one request', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const response = await createSpools(workspaceId, { ...PETG_BLACK, quantity: 12 });
    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(12);
    expect(new Set(response.body.map((s: { id: number }) => s.id)).size).toBe(12);
    expect(await countSpoolRows(workspaceId)).toBe(12);
  });

  it.each([
    [{ initial_weight_g: -5 }, 'initial_weight_g'],
    [{ initial_weight_g: 0 }, 'initial_weight_g'],
    [{ initial_weight_g: 1_000_000 }, 'initial_weight_g'],
    [{ remaining_weight_g: 1200 }, 'remaining_weight_g'],
    [{ remaining_weight_g: -1 }, 'remaining_weight_g'],
    [{ material: 'WOOD' }, 'material'],
    [{ color_hex: 'black' }, 'color_hex'],
    [{ diameter_mm: 2 }, 'diameter_mm'],
    [{ cost_per_kg: -3 }, 'cost_per_kg'],
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: 101 }, 'quantity'],
    [{ quantity: 2.5 }, 'quantity'],
  ])('refuses %j with a field error and saves nothing', async (change, field) => {
    const workspaceId = await buildWorkspace(t, admin);
    const response = await createSpools(workspaceId, { ...PETG_BLACK, quantity: 3, ...change });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.details)).toContain(field);
    expect(await countSpoolRows(workspaceId)).toBe(0);
  });

  it('edits a spool, refusing a remaining weight above the stored initial one', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const [spool] = (await createSpools(workspaceId, PETG_BLACK)).body;
    const url = `${spoolsUrl(workspaceId)}${spool.id}/`;
    const edited = await t.api(url, {
      method: 'PATCH',
      token: admin.access,
      body: { remaining_weight_g: 80, location: 'Printer room', notes: 'opened' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ remaining_weight_g: 80, is_low: true, notes: 'opened' });
    const tooMuch = await t.api(url, {
      method: 'PATCH',
      token: admin.access,
      body: { remaining_weight_g: 1001 },
    });
    expect(tooMuch.status).toBe(400);
    expect(Object.keys(tooMuch.body.details)).toEqual(['remaining_weight_g']);
    expect((await t.api(url, { token: admin.access })).body.remaining_weight_g).toBe(80);
  });

  it('searches and filters by material, low and archived, paging newest first', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    await createSpools(workspaceId, { ...PETG_BLACK, quantity: 3 });
    const [pla] = (
      await createSpools(workspaceId, {
        ...PETG_BLACK,
        material: 'PLA',
        color_name: 'Galaxy 100%_red',
        brand: 'Fillamentum',
        remaining_weight_g: 50,
      })
    ).body;
    const [archived] = (await createSpools(workspaceId, { ...PETG_BLACK, material: 'ASA' })).body;
    await t.api(`${spoolsUrl(workspaceId)}${archived.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { is_archived: true },
    });
    const list = async (query: string) =>
      (await t.api(`${spoolsUrl(workspaceId)}?${query}`, { token: admin.access })).body;

    expect((await list('')).count).toBe(4);
    expect((await list('material=PLA')).results.map((s: { id: number }) => s.id)).toEqual([pla.id]);
    expect((await list('search=fillAMENT')).count).toBe(1);
    // % and _ typed by a person match themselves, not anything
    expect((await list('search=100%25_red')).count).toBe(1);
    expect((await list('search=100%25x')).count).toBe(0);
    expect((await list('is_low=true')).results[0].id).toBe(pla.id);
    expect((await list('archived=archived')).results.map((s: { id: number }) => s.id)).toEqual([
      archived.id,
    ]);
    expect((await list('archived=all')).count).toBe(5);

    const first = await list('page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.results[0].id).toBe(pla.id);
    const second = (await t.api(first.next, { token: admin.access })).body;
    expect(second.results).toHaveLength(2);
    expect(second.next).toBeNull();
    const bad = await t.api(`${spoolsUrl(workspaceId)}?material=WOOD`, { token: admin.access });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for a spool of another workspace', async () => {
    const mine = await buildWorkspace(t, admin);
    const stranger = await buildUser(t);
    const theirs = await buildWorkspace(t, stranger);
    const [spool] = (await createSpools(theirs, PETG_BLACK, stranger)).body;
    const response = await t.api(`${spoolsUrl(mine)}${spool.id}/`, { token: admin.access });
    expect(response.status).toBe(404);
    const foreign = await t.api(`${spoolsUrl(theirs)}${spool.id}/`, { token: admin.access });
    expect(foreign.status).toBe(404);
  });

  it.each<[Role, number]>([
    ['user', 201],
    ['junior', 201],
    ['observer', 403],
  ])('MANAGE_SPOOLS: a %s adding a spool gets %i; everyone reads', async (role, status) => {
    const workspaceId = await buildWorkspace(t, admin);
    const member = await buildUser(t);
    await addMember(t, workspaceId, member, role);
    expect((await createSpools(workspaceId, PETG_BLACK, member)).status).toBe(status);
    const [spool] = (await createSpools(workspaceId, PETG_BLACK)).body;
    const read = await t.api(`${spoolsUrl(workspaceId)}${spool.id}/`, { token: member.access });
    expect(read.status).toBe(200);
    const edit = await t.api(`${spoolsUrl(workspaceId)}${spool.id}/`, {
      method: 'PATCH',
      token: member.access,
      body: { notes: 'x' },
    });
    expect(edit.status).toBe(status === 201 ? 200 : 403);
  });
});
