import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { farmWorldOf, type FarmPrinter } from '../../../test-support/farm-world.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { startFakeSpoolman, type FakeSpoolman } from '../../../test-support/fake-spoolman.js';
import { findFreePort } from '../../../test-support/free-port.js';
import { buildTwoToolGcode } from '../../../test-support/files.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let spoolman: FakeSpoolman;
let admin: BuiltUser;

const PETG = {
  filament: {
    id: 3,
    name: 'Galaxy Black',
    vendor: { id: 1, name: 'Prusament' },
    material: 'PETG',
    price: 30,
    density: 1.27,
    diameter: 1.75,
    weight: 1000,
    color_hex: '1A1A1A',
  },
  initial_weight: 1000,
  used_weight: 200,
  location: 'Shelf A',
};
const PLA = {
  filament: { id: 4, name: 'Signal White', material: 'PLA+', density: 1.24, diameter: 1.75 },
  initial_weight: 750,
  used_weight: 0,
  price: 15,
};

beforeAll(async () => {
  spoolman = await startFakeSpoolman();
  ({ t, user: admin } = await startServerWithUser({
    env: { OUTGOING_ALLOWED_NETWORKS: '127.0.0.1/32' },
    jobOptions: { pollMs: 50 },
    spoolmanOptions: { backoffMs: 50, maxBackoffMs: 200, timeoutMs: 2000, syncEveryMs: 3_600_000 },
  }));
});
afterAll(async () => {
  await t?.close();
  await spoolman?.close();
});
beforeEach(() => spoolman.setMode('up'));

const connect = (workspaceId: number, body: object) =>
  t.api(`/api/groups/${workspaceId}/spoolman/`, { method: 'PUT', token: admin.access, body });

async function connectedWorkspace() {
  const workspaceId = await buildWorkspace(t, admin);
  const response = await connect(workspaceId, { url: spoolman.url });
  expect(response.status, response.text).toBe(200);
  return workspaceId;
}

async function listSpools(workspaceId: number, query = '') {
  const response = await t.api(`/api/groups/${workspaceId}/spools/?${query}`, {
    token: admin.access,
  });
  expect(response.status).toBe(200);
  return response.body.results as Array<Record<string, unknown>>;
}

const mirrorOf = async (workspaceId: number, spoolmanId: number) =>
  (await listSpools(workspaceId, 'archived=all')).find((s) => s.spoolman_id === spoolmanId)!;

const readyPrinter = (workspaceId: number, name: string) =>
  farmWorldOf(t, admin, workspaceId).addReadyPrinter(name);

/** Uploads the two-tool file, prints it and reports it finished. */
async function printAndFinish(
  workspaceId: number,
  printer: Pick<FarmPrinter, 'printerId' | 'agent'>,
) {
  const world = farmWorldOf(t, admin, workspaceId);
  const fileId = await world.uploadGcode({
    bytes: buildTwoToolGcode(),
    filename: `part-${printer.printerId}.gcode`,
  });
  return world.printJob(printer, fileId);
}

const usageRows = (jobId: number) =>
  t.server.database.db
    .selectFrom('print_job_spool_usage')
    .selectAll()
    .where('print_job_id', '=', jobId)
    .orderBy('tool')
    .execute();

describe('connecting Spoolman', () => {
  it('refuses an address where nothing answers, naming the field; nothing is saved', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const port = await findFreePort();
    const response = await connect(workspaceId, { url: `http://127.0.0.1:${port}` });
    expect(response.status).toBe(400);
    expect(response.body.details.url[0]).toMatch(/Nothing answers|could not be reached/);
    const status = await t.api(`/api/groups/${workspaceId}/spoolman/`, { token: admin.access });
    expect(status.body).toEqual({ connection: null });
    expect(await listSpools(workspaceId)).toEqual([]);
  });

  it('refuses an address that answers garbage; nothing is saved', async () => {
    spoolman.addSpool(PETG);
    spoolman.setMode('garbage');
    const workspaceId = await buildWorkspace(t, admin);
    const response = await connect(workspaceId, { url: spoolman.url });
    expect(response.status).toBe(400);
    expect(response.body.details.url[0]).toMatch(/not like Spoolman/);
    expect(
      (await t.api(`/api/groups/${workspaceId}/spoolman/`, { token: admin.access })).body,
    ).toEqual({ connection: null });
    expect(await listSpools(workspaceId, 'archived=all')).toEqual([]);
  });

  it('refuses a private address the administrator did not allow (the outgoing SSRF rule)', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const response = await connect(workspaceId, { url: 'http://10.20.30.40:7912' });
    expect(response.status).toBe(400);
    expect(response.body.details.url[0]).toMatch(/not a public address/);
    const bad = await connect(workspaceId, { url: 'ftp://spoolman.lan' });
    expect(bad.status).toBe(400);
  });

  it('only an admin connects; a member reads the status', async () => {
    const workspaceId = await buildWorkspace(t, admin);
    const member = await buildUser(t);
    await addMember(t, workspaceId, member, 'user');
    const response = await t.api(`/api/groups/${workspaceId}/spoolman/`, {
      method: 'PUT',
      token: member.access,
      body: { url: spoolman.url },
    });
    expect(response.status).toBe(403);
    const status = await t.api(`/api/groups/${workspaceId}/spoolman/`, { token: member.access });
    expect(status.status).toBe(200);
  });

  it("mirrors Spoolman's spools where the built-in ones are: material, colour, remaining, cost", async () => {
    const petg = spoolman.addSpool(PETG);
    const pla = spoolman.addSpool(PLA);
    const workspaceId = await buildWorkspace(t, admin);
    const response = await connect(workspaceId, { url: `${spoolman.url}/`, token: 'proxy-secret' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.connection).toMatchObject({
      url: `${spoolman.url}/`,
      has_token: true,
      version: '0.22.1',
      sync_error: null,
      pending_usage_count: 0,
    });
    expect(response.text).not.toContain('proxy-secret');
    expect(spoolman.requests.at(-1)?.authorization).toBe('Bearer proxy-secret');
    expect(await mirrorOf(workspaceId, petg.id)).toMatchObject({
      material: 'PETG',
      color_hex: '#1a1a1a',
      color_name: 'Galaxy Black',
      brand: 'Prusament',
      initial_weight_g: 1000,
      remaining_weight_g: 800,
      cost_per_kg: 30,
      location: 'Shelf A',
      is_archived: false,
    });
    // "PLA+" is PLA; no colour in Spoolman is grey; 15 for 750 g is 20 per kg
    expect(await mirrorOf(workspaceId, pla.id)).toMatchObject({
      material: 'PLA',
      color_hex: '#808080',
      remaining_weight_g: 750,
      cost_per_kg: 20,
    });
  });

  it('spools come from Spoolman: adding or editing them here is refused, the low threshold is ours', async () => {
    const petg = spoolman.addSpool(PETG);
    const workspaceId = await connectedWorkspace();
    const create = await t.api(`/api/groups/${workspaceId}/spools/`, {
      method: 'POST',
      token: admin.access,
      body: { material: 'PLA', color_hex: '#ffffff', initial_weight_g: 1000 },
    });
    expect(create.status).toBe(409);
    const local = (await mirrorOf(workspaceId, petg.id)).id as number;
    const edit = await t.api(`/api/groups/${workspaceId}/spools/${local}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { remaining_weight_g: 5 },
    });
    expect(edit.status).toBe(409);
    const threshold = await t.api(`/api/groups/${workspaceId}/spools/${local}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { low_threshold_g: 150 },
    });
    expect(threshold.status).toBe(200);
    expect(threshold.body.low_threshold_g).toBe(150);
  });
});

describe('usage back to Spoolman', () => {
  it('a finished job writes its grams with PUT /spool/{id}/use, once per spool', async () => {
    const petg = spoolman.addSpool(PETG);
    const pla = spoolman.addSpool(PLA);
    const workspaceId = await connectedWorkspace();
    const { printerId, agent } = await readyPrinter(workspaceId, 'Mirror');
    const tool0 = (await mirrorOf(workspaceId, petg.id)).id as number;
    const tool1 = (await mirrorOf(workspaceId, pla.id)).id as number;
    expect((await loadSpool(t, admin, { printerId, tool: 0, spoolId: tool0 })).status).toBe(200);
    expect((await loadSpool(t, admin, { printerId, tool: 1, spoolId: tool1 })).status).toBe(200);
    const jobId = await printAndFinish(workspaceId, { printerId, agent });
    await eventually(async () => {
      const rows = await usageRows(jobId);
      expect(rows.map((row) => row.spoolman_sent_on !== null)).toEqual([true, true]);
    });
    expect(spoolman.uses.filter((use) => use.id === petg.id)).toEqual([
      { id: petg.id, use_weight: 12.5 },
    ]);
    expect(spoolman.uses.filter((use) => use.id === pla.id)).toEqual([
      { id: pla.id, use_weight: 3.25 },
    ]);
    expect(spoolman.spools.get(petg.id)!.used_weight).toBe(212.5);
    // the mirror read again agrees with Spoolman, nothing counted twice
    await t.api(`/api/groups/${workspaceId}/spoolman/sync/`, {
      method: 'POST',
      token: admin.access,
    });
    expect((await mirrorOf(workspaceId, petg.id)).remaining_weight_g).toBe(787.5);
    agent.close();
  });

  it('Spoolman down at job end: the usage is kept, written once when it is back, never twice', async () => {
    const petg = spoolman.addSpool(PETG);
    const workspaceId = await connectedWorkspace();
    const { printerId, agent } = await readyPrinter(workspaceId, 'Outage');
    const local = (await mirrorOf(workspaceId, petg.id)).id as number;
    await loadSpool(t, admin, { printerId, tool: 0, spoolId: local });
    spoolman.setMode('down');
    const jobId = await printAndFinish(workspaceId, { printerId, agent });
    // tried and failed while down: the job row waits for a retry, the usage is pending
    await eventually(async () => {
      const job = await t.server.database.db
        .selectFrom('background_jobs')
        .select(['state', 'attempts', 'last_error'])
        .where('key', '=', `spoolman-use:${jobId}:${local}`)
        .executeTakeFirstOrThrow();
      expect(job.attempts).toBeGreaterThanOrEqual(2);
      expect(job.state).not.toBe('done');
    });
    expect(spoolman.uses.filter((use) => use.id === petg.id)).toEqual([]);
    const status = await t.api(`/api/groups/${workspaceId}/spoolman/sync/`, {
      method: 'POST',
      token: admin.access,
    });
    expect(status.body.connection.pending_usage_count).toBe(1);
    expect(status.body.connection.sync_error).toMatch(/could not be reached|Nothing answers/);
    // the mirror already took the grams off, and a sync keeps them off while pending
    expect((await mirrorOf(workspaceId, petg.id)).remaining_weight_g).toBe(787.5);

    spoolman.setMode('up');
    await eventually(async () => {
      expect((await usageRows(jobId))[0]!.spoolman_sent_on).not.toBeNull();
    });
    expect(spoolman.uses.filter((use) => use.id === petg.id)).toEqual([
      { id: petg.id, use_weight: 12.5 },
    ]);
    // a replayed ending and a second enqueue of the same usage write nothing more
    expect(await t.server.services.printJobs.endJob(jobId, 'done')).toBeUndefined();
    await t.server.database.db.transaction().execute((trx) =>
      t.server.services.spoolmanUsage.onUsageRecorded(trx, {
        printJobId: jobId,
        tool: 0,
        spoolId: local,
      }),
    );
    await t.server.database.db
      .updateTable('background_jobs')
      .set({ state: 'pending', run_after: new Date(0).toISOString() })
      .where('key', '=', `spoolman-use:${jobId}:${local}`)
      .execute();
    t.server.services.jobs.wake();
    await eventually(async () => {
      const job = await t.server.database.db
        .selectFrom('background_jobs')
        .select('state')
        .where('key', '=', `spoolman-use:${jobId}:${local}`)
        .executeTakeFirstOrThrow();
      expect(job.state).toBe('done');
    });
    expect(spoolman.uses.filter((use) => use.id === petg.id)).toHaveLength(1);
    const synced = await t.api(`/api/groups/${workspaceId}/spoolman/sync/`, {
      method: 'POST',
      token: admin.access,
    });
    expect(synced.body.connection).toMatchObject({ pending_usage_count: 0, sync_error: null });
    expect((await mirrorOf(workspaceId, petg.id)).remaining_weight_g).toBe(787.5);
    agent.close();
  });
});

describe('the mirror follows Spoolman', () => {
  it('a sync takes new weights, archives and unloads a spool deleted in Spoolman', async () => {
    const kept = spoolman.addSpool(PETG);
    const deleted = spoolman.addSpool(PLA);
    const workspaceId = await connectedWorkspace();
    const { printerId, agent } = await readyPrinter(workspaceId, 'Follow');
    const deletedLocal = (await mirrorOf(workspaceId, deleted.id)).id as number;
    await loadSpool(t, admin, { printerId, tool: 0, spoolId: deletedLocal });
    spoolman.spools.get(kept.id)!.used_weight = 900;
    spoolman.spools.delete(deleted.id);
    const response = await t.api(`/api/groups/${workspaceId}/spoolman/sync/`, {
      method: 'POST',
      token: admin.access,
    });
    expect(response.status).toBe(200);
    expect((await mirrorOf(workspaceId, kept.id)).remaining_weight_g).toBe(100);
    expect(await mirrorOf(workspaceId, deleted.id)).toMatchObject({
      is_archived: true,
      loaded_on: null,
    });
    agent.close();
  });

  it('disconnecting goes back to the built-in inventory; the mirrored spools stay archived', async () => {
    const petg = spoolman.addSpool(PETG);
    const workspaceId = await connectedWorkspace();
    const removed = await t.api(`/api/groups/${workspaceId}/spoolman/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(removed.status).toBe(204);
    expect(await mirrorOf(workspaceId, petg.id)).toMatchObject({ is_archived: true });
    expect(await buildSpool(t, admin, workspaceId)).toBeGreaterThan(0);
  });
});
