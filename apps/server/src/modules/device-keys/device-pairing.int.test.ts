import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  identityFor,
  readyState,
} from '../../../test-support/fake-agent.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let owner: BuiltUser;
let home: number;

beforeAll(async () => {
  ({ t, user: owner } = await startServerWithUser({
    gatewayLimits: { heartbeatMs: 500, helloDeadlineMs: 2000 },
  }));
  home = await buildWorkspace(t, owner, 'Home Lab');
});
afterAll(() => t.close());

const OTHER_IDENTITY = identityFor('another agent');

async function newKey(token = owner.access, group = home): Promise<string> {
  const response = await t.api('/api/device_keys/', { method: 'POST', token, body: { group } });
  expect(response.status).toBe(201);
  return response.body.token as string;
}

const addPrinter = (key: string, group = home, token = owner.access, name = 'MK4') =>
  t.api('/api/printers/', { method: 'POST', token, body: { group, name, token: key } });

async function keyIdOf(printerName: string, group = home, token = owner.access) {
  const keys = await t.api(`/api/groups/${group}/device_keys/`, { token });
  expect(keys.status).toBe(200);
  return keys.body.find((k: { printers: string[] }) => k.printers.includes(printerName))
    .id as number;
}

async function stateOf(printerId: number, group = home, token = owner.access) {
  const states = await t.api(`/api/groups/${group}/devices-states/`, { token });
  return states.body.find((s: { printer_id: number }) => s.printer_id === printerId);
}

describe('a device key pairs once', () => {
  it('binds to the first agent; another identity is refused and the paired agent keeps running', async () => {
    const key = await newKey();
    const printer = (await addPrinter(key, home, owner.access, 'Paired')).body.id as number;
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () => expect((await stateOf(printer)).is_connected).toBe(true));

    await expect(connectFakeAgent(t.baseUrl, key, { identity: OTHER_IDENTITY })).rejects.toThrow(
      'upgrade refused: 409',
    );
    await expect(connectFakeAgent(t.baseUrl, key, { identity: 'short' })).rejects.toThrow(
      'upgrade refused: 400',
    );
    agent.answer(() => ({ ok: true, result: null }));
    const fan = await t.api(`/api/printers/${printer}/fan_state/`, {
      method: 'POST',
      token: owner.access,
      body: { state: 'on' },
    });
    expect(fan.status).toBe(204);
    expect((await stateOf(printer)).is_connected).toBe(true);
    const info = (await t.api(`/api/groups/${home}/device_keys/`, { token: owner.access })).body;
    expect(info.find((k: { printers: string[] }) => k.printers.includes('Paired'))).toMatchObject({
      paired_on: expect.any(String),
      is_connected: true,
      shared_with: [],
    });
    agent.close();
  });

  it('after an admin pairs again, the next agent to connect pairs', async () => {
    const key = await newKey();
    await addPrinter(key, home, owner.access, 'Repaired');
    const first = await connectFakeAgent(t.baseUrl, key);
    await first.hello();
    const keyId = await keyIdOf('Repaired');
    const rePair = await t.api(`/api/groups/${home}/device_keys/${keyId}/re-pair/`, {
      method: 'POST',
      token: owner.access,
    });
    expect(rePair.status).toBe(204);
    expect((await first.closed).code).toBe(4000);
    const second = await connectFakeAgent(t.baseUrl, key, { identity: OTHER_IDENTITY });
    await second.hello();
    await expect(connectFakeAgent(t.baseUrl, key)).rejects.toThrow('upgrade refused: 409');
    second.close();
  });
});

describe('a device key attaches only where it belongs', () => {
  it('an admin of another workspace who knows the key cannot add its printer, until the home shares it', async () => {
    const key = await newKey();
    const printer = (await addPrinter(key, home, owner.access, 'Shared')).body.id as number;
    const stranger = await buildUser(t);
    const strangers = await buildWorkspace(t, stranger, 'Elsewhere');
    const refused = await addPrinter(key, strangers, stranger.access, 'Mine now');
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ token: ['The provided device key is not valid.'] });
    expect(
      (await t.api(`/api/groups/${strangers}/printers/`, { token: stranger.access })).body,
    ).toEqual([]);

    // the stranger cannot see or manage the home's keys
    const keyId = await keyIdOf('Shared');
    for (const [method, path] of [
      ['GET', `/api/groups/${home}/device_keys/`],
      ['POST', `/api/groups/${home}/device_keys/${keyId}/shares/`],
      ['DELETE', `/api/groups/${home}/device_keys/${keyId}/`],
    ] as const) {
      const response = await t.api(path, {
        method,
        token: stranger.access,
        ...(method === 'POST' ? { body: { group: strangers } } : {}),
      });
      expect(response.status, path).toBe(404);
    }
    expect(
      (
        await t.api(`/api/groups/${strangers}/device_keys/${keyId}/shares/`, {
          method: 'POST',
          token: stranger.access,
          body: { group: strangers },
        })
      ).status,
    ).toBe(404);

    const share = await t.api(`/api/groups/${home}/device_keys/${keyId}/shares/`, {
      method: 'POST',
      token: owner.access,
      body: { group: strangers },
    });
    expect(share.status).toBe(204);
    const added = await addPrinter(key, strangers, stranger.access, 'Borrowed');
    expect(added.status).toBe(201);
    expect(added.body.instances).toHaveLength(2);
    const info = await t.api(`/api/groups/${home}/device_keys/`, { token: owner.access });
    expect(info.body.find((k: { id: number }) => k.id === keyId).shared_with).toEqual([
      { id: strangers, name: 'Elsewhere' },
    ]);

    const unshare = await t.api(`/api/groups/${home}/device_keys/${keyId}/shares/${strangers}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(unshare.status).toBe(204);
    expect(
      (await t.api(`/api/groups/${strangers}/printers/`, { token: stranger.access })).body,
    ).toEqual([]);
    expect((await t.api(`/api/printers/${printer}/`, { token: owner.access })).status).toBe(200);
  });

  it('a key made without a workspace is homed where its creator first adds it; nobody else may', async () => {
    const made = await t.api('/api/device_keys/', { method: 'POST', token: owner.access });
    expect(made.status, made.text).toBe(201);
    const key = made.body.token as string;
    const colleague = await buildUser(t);
    await addMember(t, home, colleague, 'admin');
    const theirs = await buildWorkspace(t, colleague, 'Colleague');
    expect((await addPrinter(key, theirs, colleague.access)).status).toBe(400);
    const homed = await addPrinter(key, home, owner.access, 'Homed');
    expect(homed.status, homed.text).toBe(201);
    const other = await buildWorkspace(t, owner, 'Second home');
    expect((await addPrinter(key, other, owner.access)).status).toBe(400);
  });
});

describe('revoking, rotating and deleting close the socket at once', () => {
  it('revoke: the socket closes with 4401 and the key is refused', async () => {
    const key = await newKey();
    await addPrinter(key, home, owner.access, 'Revoked');
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    const keyId = await keyIdOf('Revoked');
    const revoke = await t.api(`/api/groups/${home}/device_keys/${keyId}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(revoke.status).toBe(204);
    expect((await agent.closed).code).toBe(4401);
    await expect(connectFakeAgent(t.baseUrl, key)).rejects.toThrow('upgrade refused: 401');
  });

  it('rotate: the old key stops at once, the new one (shown once) pairs anew', async () => {
    const key = await newKey();
    const printer = (await addPrinter(key, home, owner.access, 'Rotated')).body.id as number;
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    const keyId = await keyIdOf('Rotated');
    const rotated = await t.api(`/api/groups/${home}/device_keys/${keyId}/rotate/`, {
      method: 'POST',
      token: owner.access,
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.token as string;
    expect(fresh.split('.')[0]).toBe(key.split('.')[0]);
    expect(fresh).not.toBe(key);
    expect((await agent.closed).code).toBe(4401);
    await expect(connectFakeAgent(t.baseUrl, key)).rejects.toThrow('upgrade refused: 401');
    const again = await connectFakeAgent(t.baseUrl, fresh, { identity: OTHER_IDENTITY });
    await again.hello();
    again.send({ type: 'state', kind: 'snapshot', state: readyState() });
    await eventually(async () => expect((await stateOf(printer)).is_connected).toBe(true));
    again.close();
  });

  it('deleting the last printer on a key closes its socket and revokes the key', async () => {
    const key = await newKey();
    const first = (await addPrinter(key, home, owner.access, 'One')).body.id as number;
    const keyId = await keyIdOf('One');
    const stranger = await buildUser(t);
    const theirs = await buildWorkspace(t, stranger);
    await t.api(`/api/groups/${home}/device_keys/${keyId}/shares/`, {
      method: 'POST',
      token: owner.access,
      body: { group: theirs },
    });
    const second = (await addPrinter(key, theirs, stranger.access, 'Two')).body.id as number;
    const agent = await connectFakeAgent(t.baseUrl, key);
    await agent.hello();
    expect(
      (await t.api(`/api/printers/${first}/`, { method: 'DELETE', token: owner.access })).status,
    ).toBe(204);
    // one printer is left on the key: the agent stays
    expect((await t.api(`/api/printers/${second}/`, { token: stranger.access })).status).toBe(200);
    expect(
      (await t.api(`/api/printers/${second}/`, { method: 'DELETE', token: stranger.access }))
        .status,
    ).toBe(204);
    expect((await agent.closed).code).toBe(4401);
    await expect(connectFakeAgent(t.baseUrl, key)).rejects.toThrow('upgrade refused: 401');
  });
});
