import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildOfflinePrinter, buildSpool, loadSpool } from '../../../test-support/spools.js';

let t: TestServer;
let admin: BuiltUser;
beforeAll(async () => ({ t, user: admin } = await startServerWithUser()));
afterAll(() => t.close());

interface Loaded {
  printer_id: number;
  tool: number;
  spool: { id: number; loaded_on: { printer_id: number; tool: number } | null };
}

const listLoaded = async (workspaceId: number, as = admin): Promise<Loaded[]> =>
  (await t.api(`/api/groups/${workspaceId}/printer-spools/`, { token: as.access })).body;
const placesOf = (rows: Loaded[]) => rows.map((r) => [r.printer_id, r.tool, r.spool.id]);

describe('loaded filament', () => {
  it('loads a spool on a tool, swaps it, moves it to another printer, unloads it', async () => {
    const g = await buildWorkspace(t, admin);
    const [p1, p2] = [
      await buildOfflinePrinter(t, admin, g),
      await buildOfflinePrinter(t, admin, g),
    ];
    const [a, b] = [await buildSpool(t, admin, g), await buildSpool(t, admin, g)];

    const first = await loadSpool(t, admin, { printerId: p1, tool: 0, spoolId: a });
    expect(first.status).toBe(200);
    expect(first.body[0]).toMatchObject({ printer_id: p1, tool: 0, spool: { id: a } });
    expect(first.body[0].spool.loaded_on).toMatchObject({ printer_id: p1, tool: 0 });

    // swap: b takes tool 0 of p1, a comes off
    await loadSpool(t, admin, { printerId: p1, tool: 0, spoolId: b });
    expect(placesOf(await listLoaded(g))).toEqual([[p1, 0, b]]);
    // a second tool, then the spool moves to the other printer
    await loadSpool(t, admin, { printerId: p1, tool: 1, spoolId: a });
    await loadSpool(t, admin, { printerId: p2, tool: 0, spoolId: a });
    expect(placesOf(await listLoaded(g))).toEqual([
      [p1, 0, b],
      [p2, 0, a],
    ]);
    const spool = (await t.api(`/api/groups/${g}/spools/${a}/`, { token: admin.access })).body;
    expect(spool.loaded_on).toMatchObject({ printer_id: p2, tool: 0 });

    const unload = await t.api(`/api/printers/${p2}/spools/0/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(unload.status).toBe(204);
    const again = await t.api(`/api/printers/${p2}/spools/0/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(again.status).toBe(404);
    expect(placesOf(await listLoaded(g))).toEqual([[p1, 0, b]]);
  });

  it('archiving a spool unloads it; an archived spool cannot be loaded', async () => {
    const g = await buildWorkspace(t, admin);
    const printer = await buildOfflinePrinter(t, admin, g);
    const spool = await buildSpool(t, admin, g);
    await loadSpool(t, admin, { printerId: printer, tool: 0, spoolId: spool });
    await t.api(`/api/groups/${g}/spools/${spool}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { is_archived: true },
    });
    expect(await listLoaded(g)).toEqual([]);
    const refused = await loadSpool(t, admin, { printerId: printer, tool: 0, spoolId: spool });
    expect(refused.status).toBe(409);
  });

  it('refuses a spool of another workspace, a tool out of range, and a stranger', async () => {
    const g = await buildWorkspace(t, admin);
    const printer = await buildOfflinePrinter(t, admin, g);
    const stranger = await buildUser(t);
    const theirs = await buildWorkspace(t, stranger);
    const foreignSpool = await buildSpool(t, stranger, theirs);
    const foreign = await loadSpool(t, admin, {
      printerId: printer,
      tool: 0,
      spoolId: foreignSpool,
    });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.details)).toEqual(['spool_id']);
    const spool = await buildSpool(t, admin, g);
    expect(
      (await loadSpool(t, admin, { printerId: printer, tool: 16, spoolId: spool })).status,
    ).toBe(400);
    expect(
      (await loadSpool(t, stranger, { printerId: printer, tool: 0, spoolId: foreignSpool })).status,
    ).toBe(404);
    expect(await listLoaded(g)).toEqual([]);
  });

  it('an observer reads what is loaded but loads nothing; a junior loads', async () => {
    const g = await buildWorkspace(t, admin);
    const printer = await buildOfflinePrinter(t, admin, g);
    const spool = await buildSpool(t, admin, g);
    const observer = await buildUser(t);
    const junior = await buildUser(t);
    await addMember(t, g, observer, 'observer');
    await addMember(t, g, junior, 'junior');
    expect(
      (await loadSpool(t, observer, { printerId: printer, tool: 0, spoolId: spool })).status,
    ).toBe(403);
    expect(
      (await loadSpool(t, junior, { printerId: printer, tool: 0, spoolId: spool })).status,
    ).toBe(200);
    expect(placesOf(await listLoaded(g, observer))).toEqual([[printer, 0, spool]]);
  });

  it('loads racing for one spool or one tool leave one place each, never an error', async () => {
    const g = await buildWorkspace(t, admin);
    const printers = [
      await buildOfflinePrinter(t, admin, g),
      await buildOfflinePrinter(t, admin, g),
      await buildOfflinePrinter(t, admin, g),
    ];
    for (let run = 0; run < 5; run += 1) {
      const spool = await buildSpool(t, admin, g);
      const sameSpool = await Promise.all(
        printers.map((printerId) => loadSpool(t, admin, { printerId, tool: 3, spoolId: spool })),
      );
      expect(sameSpool.map((r) => r.status)).toEqual([200, 200, 200]);
      const rows = (await listLoaded(g)).filter((r) => r.spool.id === spool);
      expect(rows).toHaveLength(1);

      const spools = [await buildSpool(t, admin, g), await buildSpool(t, admin, g)];
      const sameTool = await Promise.all(
        spools.map((spoolId) => loadSpool(t, admin, { printerId: printers[0]!, tool: 5, spoolId })),
      );
      expect(sameTool.map((r) => r.status)).toEqual([200, 200]);
      const onTool = (await listLoaded(g)).filter(
        (r) => r.printer_id === printers[0] && r.tool === 5,
      );
      expect(onTool).toHaveLength(1);
    }
  });
});
