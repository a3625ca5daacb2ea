import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PrinterDeviceStateSchema } from '@printdeck/shared';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  readyState,
  type FakeAgent,
} from '../../../test-support/fake-agent.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let admin: BuiltUser;
let observer: BuiltUser;
let junior: BuiltUser;
let stranger: BuiltUser;
let workspaceId: number;
let printerId: number;
let agent: FakeAgent;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

beforeAll(async () => {
  ({ t, user: admin } = await startServerWithUser({
    gatewayLimits: { commandTimeoutMs: 500, snapshotTimeoutMs: 500 },
  }));
  observer = await buildUser(t);
  junior = await buildUser(t);
  stranger = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin);
  await buildWorkspace(t, stranger);
  await addMember(t, workspaceId, observer, 'observer');
  await addMember(t, workspaceId, junior, 'junior');
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token;
  printerId = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: admin.access,
      body: { group: workspaceId, name: 'Prusa MK4', token: key, camera_rotation: 90 },
    })
  ).body.id;
  agent = await connectFakeAgent(t.baseUrl, key);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  agent.answer((request) => {
    if (request.command.name === 'snapshot')
      return {
        ok: true,
        result: { content_type: 'image/jpeg', data_base64: JPEG.toString('base64') },
      };
    if (request.command.name === 'move_head' && request.command.axis === 'z')
      return {
        ok: false,
        error: { code: 'axis-homing-required', message: 'Must home axis first' },
      };
    if (request.command.name === 'list_files')
      return { ok: true, result: [{ path: 'benchy.gcode', size: 12345 }] };
    return { ok: true, result: null };
  });
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: admin.access,
    });
    expect(states.body[0].printer_state).toBe('READY_TO_PRINT');
  });
});
afterAll(async () => {
  agent.close();
  await t.close();
});

const post = (path: string, token: string, body?: unknown) =>
  t.api(path, { method: 'POST', token, ...(body === undefined ? {} : { body }) });

describe('printers', () => {
  it('counts the printers on the workspace, for the header Printers link', async () => {
    const groups = await t.api('/api/users/me/groups/', { token: observer.access });
    expect(groups.body.find((g: { id: number }) => g.id === workspaceId).printers_count).toBe(1);
  });

  it('answers devices-states as JSON in the shape of its response schema, nothing more', async () => {
    // the route sends the string its ETag hashed: the schema documents it but does not check it
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: observer.access,
    });
    expect(states.status).toBe(200);
    expect(states.headers.get('content-type')).toMatch(/^application\/json/);
    expect(states.body[0].is_connected).toBe(true);
    expect(z.array(PrinterDeviceStateSchema).parse(states.body)).toEqual(states.body);
  });

  it('lists printers of the workspace with their settings', async () => {
    const list = await t.api(`/api/groups/${workspaceId}/printers/`, { token: observer.access });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: printerId,
        name: 'Prusa MK4',
        camera_rotation: 90,
        enabled: true,
        device_type: 'octoprint',
        instances: [{ id: printerId, group_id: workspaceId }],
        has_printed: false,
      }),
    ]);
  });

  it('says whether a printer has printed: Re-print has something to repeat (issue 29)', async () => {
    const db = t.server.database.db;
    const printer = await db
      .selectFrom('printers')
      .select(['device_key_id', 'name'])
      .where('id', '=', printerId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('print_jobs')
      .values({
        workspace_id: workspaceId,
        file_id: null,
        file_name: 'benchy.gcode',
        printer_id: printerId,
        printer_name: printer.name,
        device_key_id: printer.device_key_id,
        user_id: admin.id,
        username: 'admin',
        started_on: now,
        ended_on: now,
        outcome: 'done',
        make_video: 0,
        video_state: 'NOT_RECORDED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const list = await t.api(`/api/groups/${workspaceId}/printers/`, { token: observer.access });
      expect(list.body[0]).toMatchObject({ id: printerId, has_printed: true });
    } finally {
      await db.deleteFrom('print_jobs').where('id', '=', id).execute();
    }
  });

  it('refuses a bad device key with the spec message, an empty name and an empty code', async () => {
    const badKey = await post('/api/printers/', admin.access, {
      group: workspaceId,
      name: 'X',
      token: 'not-a-key',
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.details).toEqual({ token: ['The provided device key is not valid.'] });
    const noName = await post('/api/printers/', admin.access, {
      group: workspaceId,
      name: ' ',
      token: 'k',
    });
    expect(noName.body.details.name).toEqual(['Printer name can`t be empty.']);
    const noCode = await post('/api/printers/', admin.access, {
      group: workspaceId,
      name: 'X',
      token: '',
    });
    expect(noCode.body.details.token).toEqual(['Code can`t be empty.']);
    const rotation = await post('/api/printers/', admin.access, {
      group: workspaceId,
      name: 'X',
      token: 'k',
      camera_rotation: 45,
    });
    expect(Object.keys(rotation.body.details)).toEqual(['camera_rotation']);
  });

  it('lets CHANGE_GROUP edit and forbids others; another workspace sees 404', async () => {
    const edit = await t.api(`/api/printers/${printerId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { note: 'Front left', filament_type: 'PETG' },
    });
    expect(edit.body).toMatchObject({ note: 'Front left', filament_type: 'PETG' });
    const cleared = await t.api(`/api/printers/${printerId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { filament_type: '' },
    });
    expect(cleared.body.filament_type).toBeNull();
    expect(
      (
        await t.api(`/api/printers/${printerId}/`, {
          method: 'PATCH',
          token: junior.access,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(403);
    const foreign = await t.api(`/api/printers/${printerId}/`, { token: stranger.access });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Printer with ID does not exists.');
    expect(
      (await t.api(`/api/groups/${workspaceId}/devices-states/`, { token: stranger.access }))
        .status,
    ).toBe(404);
    expect(
      (await post(`/api/printers/${printerId}/home_head/`, stranger.access, { axes: ['x'] }))
        .status,
    ).toBe(404);
  });

  it('the same device in a second workspace (shared from its home) shows two instances', async () => {
    const other = await buildWorkspace(t, admin, 'Second space');
    const key = (await post('/api/device_keys/', admin.access)).body.token;
    const first = (
      await post('/api/printers/', admin.access, { group: workspaceId, name: 'Shared', token: key })
    ).body;
    const notShared = await post('/api/printers/', admin.access, {
      group: other,
      name: 'Shared',
      token: key,
    });
    expect(notShared.status).toBe(400);
    const keys = (await t.api(`/api/groups/${workspaceId}/device_keys/`, { token: admin.access }))
      .body as Array<{ id: number; printers: string[] }>;
    const keyId = keys.find((k) => k.printers.includes('Shared'))!.id;
    const share = await post(
      `/api/groups/${workspaceId}/device_keys/${keyId}/shares/`,
      admin.access,
      {
        group: other,
      },
    );
    expect(share.status).toBe(204);
    const second = (
      await post('/api/printers/', admin.access, { group: other, name: 'Shared', token: key })
    ).body;
    expect(second.instances).toHaveLength(2);
    expect(
      (await t.api(`/api/printers/${first.id}/`, { method: 'DELETE', token: admin.access })).status,
    ).toBe(204);
    expect(
      (await t.api(`/api/printers/${second.id}/`, { token: admin.access })).body.instances,
    ).toHaveLength(1);
  });
});

describe('printer control', () => {
  it('maps control actions to device commands', async () => {
    expect(
      (
        await post(`/api/printers/${printerId}/move_head/`, junior.access, {
          absolute: false,
          x: 10,
        })
      ).status,
    ).toBe(204);
    expect(agent.requests.at(-1)!.command).toEqual({ name: 'move_head', axis: 'x', distance: 10 });
    await post(`/api/printers/${printerId}/extrude/`, junior.access, { amount: -5 });
    expect(agent.requests.at(-1)!.command).toEqual({ name: 'extrude', amount: -5 });
    await post(`/api/printers/${printerId}/temperature/`, junior.access, {
      part: 'bed',
      temperature: 60,
    });
    expect(agent.requests.at(-1)!.command).toEqual({
      name: 'temperature',
      part: 'bed',
      temperature: 60,
    });
    await post(`/api/printers/${printerId}/send_command/`, junior.access, {
      commands: ['G28\n\nM105', ' '],
    });
    expect(agent.requests.at(-1)!.command).toEqual({
      name: 'send_command',
      commands: ['G28', 'M105'],
    });
    await t.api(`/api/printers/${printerId}/led/`, {
      method: 'PUT',
      token: junior.access,
      body: { color: [255, 255, 255] },
    });
    expect(agent.requests.at(-1)!.command).toEqual({ name: 'led', color: [255, 255, 255] });
  });

  it('answers a device refusal with the spec codes', async () => {
    const homing = await post(`/api/printers/${printerId}/move_head/`, admin.access, { z: 10 });
    expect(homing.status).toBe(408);
    expect(homing.body).toEqual({ code: 'axis_homing_required', message: 'Must home axis first.' });
  });

  it('refuses commands the state does not permit, and observers', async () => {
    const pause = await post(`/api/printers/${printerId}/pause/`, admin.access, {});
    expect(pause.status).toBe(409);
    expect(pause.body.message).toBe('Can`t execute this command.');
    expect(
      (await t.api(`/api/printers/${printerId}/power/`, { method: 'POST', token: admin.access }))
        .status,
    ).toBe(409);
    expect(
      (await post(`/api/printers/${printerId}/home_head/`, observer.access, { axes: ['x'] }))
        .status,
    ).toBe(403);
  });

  it('validates control bodies', async () => {
    const unknownAction = await post(`/api/printers/${printerId}/explode/`, admin.access, {});
    expect(unknownAction.status).toBe(404);
    const wrongField = await post(`/api/printers/${printerId}/extrude/`, admin.access, {
      amount: 5,
      speed: 9,
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.details).toEqual({ speed: ['Unknown field.'] });
    const twoAxes = await post(`/api/printers/${printerId}/move_head/`, admin.access, {
      x: 1,
      y: 1,
    });
    expect(twoAxes.status).toBe(400);
    const mismatch = await post(`/api/printers/${printerId}/home_head/`, admin.access, {
      printerId: printerId + 1,
      axes: ['x'],
    });
    expect(mismatch.body.details).toEqual({ printerId: ['Does not match the path.'] });
    const empty = await post(`/api/printers/${printerId}/send_command/`, admin.access, {
      commands: ['', '  '],
    });
    expect(empty.body.details).toEqual({ commands: ['No command to send.'] });
  });

  it('serves the camera frame with an ETag and 304 when unchanged', async () => {
    const first = await t.api(`/api/printers/${printerId}/snapshot/`, { token: observer.access });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    const etag = first.headers.get('etag')!;
    const again = await t.api(`/api/printers/${printerId}/snapshot/`, {
      token: observer.access,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('serves no frame while the camera is turned off for the printer (issue 30)', async () => {
    const off = await t.api(`/api/printers/${printerId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { camera_enabled: false },
    });
    expect(off.status, off.text).toBe(200);
    const refused = await t.api(`/api/printers/${printerId}/snapshot/`, { token: observer.access });
    expect(refused.status).toBe(409);
    expect(refused.body.detail ?? refused.body.message ?? refused.text).toContain(
      'camera is turned off',
    );
    await t.api(`/api/printers/${printerId}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { camera_enabled: true },
    });
    expect(
      (await t.api(`/api/printers/${printerId}/snapshot/`, { token: observer.access })).status,
    ).toBe(200);
  });

  it('lists the printer’s own files', async () => {
    const files = await t.api(`/api/printers/${printerId}/files/`, { token: junior.access });
    expect(files.body).toEqual([{ path: 'benchy.gcode', size: 12345 }]);
  });
});

describe('printer groups', () => {
  it('creates, renames, fills, moves and deletes groups', async () => {
    const a = await post(`/api/groups/${workspaceId}/printer-groups/`, admin.access, {
      name: 'Left wall',
    });
    const b = await post(`/api/groups/${workspaceId}/printer-groups/`, admin.access, {
      name: 'Right wall',
    });
    expect(a.status).toBe(201);
    await t.api(`/api/printer-groups/${a.body.id}/printer/`, {
      method: 'PUT',
      token: admin.access,
      body: { printer_id: printerId },
    });
    await t.api(`/api/printer-groups/${b.body.id}/printer/`, {
      method: 'PUT',
      token: admin.access,
      body: { printer_id: printerId },
    });
    const list = await t.api(`/api/groups/${workspaceId}/printer-groups/`, {
      token: observer.access,
    });
    expect(
      list.body.map((g: { name: string; printers: unknown[] }) => [g.name, g.printers]),
    ).toEqual([
      ['Left wall', []],
      ['Right wall', [{ id: printerId }]],
    ]);
    const renamed = await t.api(`/api/printer-groups/${a.body.id}/`, {
      method: 'PATCH',
      token: admin.access,
      body: { name: 'North' },
    });
    expect(renamed.body.name).toBe('North');
    expect(
      (
        await t.api(`/api/printer-groups/${a.body.id}/`, {
          method: 'PATCH',
          token: admin.access,
          body: { name: 'x'.repeat(101) },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api(`/api/printer-groups/${b.body.id}/printer/`, {
          method: 'DELETE',
          token: admin.access,
          body: { printer_id: printerId },
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.api(`/api/printer-groups/${a.body.id}/`, { method: 'DELETE', token: junior.access }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.api(`/api/printer-groups/${a.body.id}/`, {
          method: 'DELETE',
          token: stranger.access,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.api(`/api/printer-groups/${a.body.id}/`, { method: 'DELETE', token: admin.access }))
        .status,
    ).toBe(204);
  });
});
