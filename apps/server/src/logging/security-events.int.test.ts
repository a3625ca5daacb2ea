import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../test-support/factories.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { enableTwoFactor } from '../../test-support/two-factor.js';

/**
 * Issue 23: security events are logged as such (`security_event`), with the account and the
 * address, and never a secret.
 */

let t: TestServer;
let owner: BuiltUser;
let observer: BuiltUser;
let workspaceId: number;
beforeAll(async () => {
  t = await startTestServer();
  [owner, observer] = await Promise.all([buildUser(t), buildUser(t)]);
  workspaceId = await buildWorkspace(t, owner);
  await addMember(t, workspaceId, observer, 'observer');
});
afterAll(() => t.close());

const eventsNamed = (name: string) => t.logs.filter((line) => line.security_event === name);

describe('security events (issue 23)', () => {
  it('a failed and a good sign-in are logged with the account and address, never the password', async () => {
    const wrong = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: owner.email, password: 'not the passphrase at all' },
    });
    expect(wrong.status).toBe(401);
    expect(eventsNamed('sign_in_failed').at(-1)).toMatchObject({
      outcome: 'refused',
      username: owner.email,
      ip: '127.0.0.1',
      status: 401,
      level: 40,
    });
    const good = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: owner.email, password: owner.password },
    });
    expect(good.status).toBe(200);
    expect(eventsNamed('sign_in').at(-1)).toMatchObject({ username: owner.email, status: 200 });
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain('not the passphrase at all');
    expect(all).not.toContain(owner.password);
    expect(all).not.toContain(good.body.access);
  });

  it('API keys made and revoked, device keys made, each with the account; the key never', async () => {
    const created = await t.api('/api/users/me/api_keys/', {
      method: 'POST',
      token: owner.access,
      body: { name: 'PrusaSlicer' },
    });
    expect(created.status).toBe(201);
    await t.api(`/api/users/me/api_keys/${created.body.id}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    const device = await t.api('/api/device_keys/', {
      method: 'POST',
      token: owner.access,
      body: { group: workspaceId },
    });
    expect(device.status).toBe(201);
    expect(eventsNamed('api_key_created').at(-1)).toMatchObject({
      user_id: owner.id,
      ip: '127.0.0.1',
    });
    expect(eventsNamed('api_key_revoked').at(-1)).toMatchObject({
      user_id: owner.id,
      target: { id: String(created.body.id) },
    });
    expect(eventsNamed('device_key_created').at(-1)).toMatchObject({ user_id: owner.id });
    const all = JSON.stringify(t.logs);
    expect(all).not.toContain(created.body.key);
    expect(all).not.toContain(device.body.token);
  });

  it('two-factor set up and turned on, a role changed, a permission denied', async () => {
    const { secret } = await enableTwoFactor(t, observer.access);
    expect(eventsNamed('two_factor_setup').at(-1)).toMatchObject({ user_id: observer.id });
    expect(eventsNamed('two_factor_enabled').at(-1)).toMatchObject({ user_id: observer.id });
    expect(JSON.stringify(t.logs)).not.toContain(secret);

    const denied = await t.api(`/api/groups/${workspaceId}/users/${owner.id}/`, {
      method: 'DELETE',
      token: observer.access,
    });
    expect(denied.status).toBe(403);
    expect(eventsNamed('permission_denied').at(-1)).toMatchObject({
      user_id: observer.id,
      route: '/api/groups/:g/users/:userId/',
      target: { g: String(workspaceId), userId: String(owner.id) },
    });

    const changed = await t.api(`/api/groups/${workspaceId}/users/${observer.id}/`, {
      method: 'PATCH',
      token: owner.access,
      body: { role: 'user' },
    });
    expect(changed.status).toBe(200);
    expect(eventsNamed('member_changed').at(-1)).toMatchObject({
      user_id: owner.id,
      target: { userId: String(observer.id) },
    });
  });

  it('a refused credential is an authentication failure', async () => {
    const refused = await t.api('/api/users/me/', { token: 'x'.repeat(40) });
    expect(refused.status).toBe(401);
    expect(eventsNamed('authentication_failed').at(-1)).toMatchObject({
      route: '/api/users/me/',
      ip: '127.0.0.1',
    });
  });

  it('a device key refused at the WebSocket upgrade is logged with the address, never the key', async () => {
    const stolen = 'abcdefghijkl.' + 'Z'.repeat(43);
    const socket = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}/api/device/ws`, {
      headers: { authorization: `Bearer ${stolen}`, 'x-device-identity': 'I'.repeat(43) },
    });
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });
    expect(status).toBe(401);
    expect(eventsNamed('device_key_refused').at(-1)).toMatchObject({
      reason: 'key',
      ip: '127.0.0.1',
    });
    expect(JSON.stringify(t.logs)).not.toContain('Z'.repeat(43));
  });
});
