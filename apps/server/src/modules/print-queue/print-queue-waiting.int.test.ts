import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import {
  addQueuePrinter,
  enableQueue,
  queuePath,
  readBoxes,
  uploadGcode,
  type QueuePrinter,
} from '../../../test-support/print-queue.js';
import { buildSpool, loadSpool } from '../../../test-support/spools.js';
import {
  startServerWithWorkspace,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';

/**
 * The wait reason of a queued item is kept per change of the workspace's printers (issue 31):
 * each kind of change shows in the very next queue read, on this instance and on a second one
 * that shares the database but saw none of the requests.
 */
let t: TestServer;
let second: TestServer;
let admin: BuiltUser;
let workspaceId: number;
let itemId: number;
let pla: QueuePrinter;

beforeAll(async () => {
  ({ t, user: admin, workspaceId } = await startServerWithWorkspace());
  await enableQueue(t, admin, workspaceId, { queue_dispatch_enabled: true });
  pla = await addQueuePrinter(t, admin, workspaceId, { name: 'PLA printer', filament: 'PLA' });
  const file = await uploadGcode(t, admin, workspaceId, 'pla.gcode', 'PLA');
  const added = await t.api(queuePath(workspaceId), {
    method: 'POST',
    token: admin.access,
    body: { file },
  });
  itemId = added.body.id as number;
  // held back by a person: no printer takes it, so only its wait reason moves
  await t.server.database.db
    .updateTable('print_queue_items')
    .set({ is_held: 1 })
    .where('id', '=', itemId)
    .execute();
  second = await startTestServer({ storage: t.storage });
});
afterAll(async () => {
  pla.agent.close();
  await second?.close();
  await t?.close();
});

const reasonOn = async (server: TestServer) =>
  (await readBoxes(server, admin.access, workspaceId)).item(itemId).waiting;
const api = (path: string, method: string, body?: unknown) =>
  t.api(path, { method, token: admin.access, ...(body === undefined ? {} : { body }) });
const NO_FREE = { code: 'no_free_printer', filament_type: 'PLA', required: null };
const NO_COMPATIBLE = { code: 'no_compatible_printer', filament_type: 'PLA', required: null };
const NO_SPOOL = { code: 'no_loaded_spool', filament_type: 'PLA', required: null };

describe('the wait reason after each kind of change', () => {
  it('a plate cleared, then the printer busy and free again', async () => {
    expect(await reasonOn(t)).toEqual(NO_FREE); // ready, but no plate known to be clear
    expect((await api(`/api/printers/${pla.id}/plate-cleared/`, 'POST', {})).status).toBe(204);
    expect(await reasonOn(t)).toBeNull();
    pla.setState('printing');
    await eventually(async () => expect(await reasonOn(t)).toEqual(NO_FREE));
    // a clear plate on a busy printer: still not free, until the printer is ready again
    expect((await api(`/api/printers/${pla.id}/plate-cleared/`, 'POST', {})).status).toBe(204);
    expect(await reasonOn(t)).toEqual(NO_FREE);
    pla.setState('ready');
    await eventually(async () => expect(await reasonOn(t)).toBeNull());
  });

  it('the filament edited, on this instance and on the second', async () => {
    await api(`/api/printers/${pla.id}/`, 'PATCH', { filament_type: 'PETG' });
    expect(await reasonOn(t)).toEqual(NO_COMPATIBLE);
    expect(await reasonOn(second)).toEqual(NO_COMPATIBLE);
    await api(`/api/printers/${pla.id}/`, 'PATCH', { filament_type: 'PLA' });
    expect(await reasonOn(t)).toBeNull();
    // the second instance holds no agent: the printer is not free there, but it takes PLA
    expect(await reasonOn(second)).toEqual(NO_FREE);
  });

  it('the printer disabled and enabled again', async () => {
    await api(`/api/printers/${pla.id}/`, 'PATCH', { enabled: false });
    expect(await reasonOn(t)).toEqual(NO_COMPATIBLE);
    expect(await reasonOn(second)).toEqual(NO_COMPATIBLE);
    await api(`/api/printers/${pla.id}/`, 'PATCH', { enabled: true });
    expect(await reasonOn(t)).toBeNull();
    expect(await reasonOn(second)).toEqual(NO_FREE);
  });

  it('a printer added, then deleted', async () => {
    await api(`/api/printers/${pla.id}/`, 'PATCH', { filament_type: 'PETG' });
    expect(await reasonOn(second)).toEqual(NO_COMPATIBLE);
    const other = await addQueuePrinter(t, admin, workspaceId, {
      name: 'Second PLA',
      filament: 'PLA',
    });
    expect(await reasonOn(t)).toEqual(NO_FREE);
    expect(await reasonOn(second)).toEqual(NO_FREE);
    expect((await api(`/api/printers/${other.id}/`, 'DELETE')).status).toBe(204);
    expect(await reasonOn(t)).toEqual(NO_COMPATIBLE);
    expect(await reasonOn(second)).toEqual(NO_COMPATIBLE);
    other.agent.close();
  });

  it('a plate cleared through the second instance', async () => {
    await api(`/api/printers/${pla.id}/`, 'PATCH', { filament_type: 'PLA' });
    pla.setState('printing');
    await eventually(async () => expect(await reasonOn(t)).toEqual(NO_FREE));
    pla.setState('ready');
    await eventually(async () => expect(await reasonOn(t)).toEqual(NO_FREE)); // plate in use
    const cleared = await second.api(`/api/printers/${pla.id}/plate-cleared/`, {
      method: 'POST',
      token: admin.access,
      body: {},
    });
    expect(cleared.status).toBe(204);
    expect(await reasonOn(t)).toBeNull();
  });

  it('a spool loaded, unloaded, loaded again and its material edited', async () => {
    expect(await reasonOn(t)).toBeNull(); // free, nothing loaded: the filament type decides
    const spoolId = await buildSpool(t, admin, workspaceId); // PETG
    const load = () => loadSpool(t, admin, { printerId: pla.id, tool: 0, spoolId });
    expect((await load()).status).toBe(200);
    expect(await reasonOn(t)).toEqual(NO_SPOOL);
    expect(await reasonOn(second)).toEqual(NO_SPOOL);
    expect((await api(`/api/printers/${pla.id}/spools/0/`, 'DELETE')).status).toBe(204);
    expect(await reasonOn(t)).toBeNull();
    expect(await reasonOn(second)).toEqual(NO_FREE);
    expect((await load()).status).toBe(200);
    expect(await reasonOn(t)).toEqual(NO_SPOOL);
    const spoolPath = `/api/groups/${workspaceId}/spools/${spoolId}/`;
    expect((await api(spoolPath, 'PATCH', { material: 'PLA' })).status).toBe(200);
    expect(await reasonOn(t)).toBeNull();
    expect(await reasonOn(second)).toEqual(NO_FREE);
  });

  it('the printer out of service and back', async () => {
    const edit = (reason: string | null) =>
      api(`/api/printers/${pla.id}/`, 'PATCH', { out_of_service_reason: reason });
    expect((await edit('Nozzle swap')).status).toBe(200);
    expect(await reasonOn(t)).toEqual(NO_COMPATIBLE);
    expect(await reasonOn(second)).toEqual(NO_COMPATIBLE);
    expect((await edit(null)).status).toBe(200);
    expect(await reasonOn(t)).toBeNull();
    expect(await reasonOn(second)).toEqual(NO_FREE);
  });
});
