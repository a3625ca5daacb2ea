import { createHash } from 'node:crypto';
import type { RequestMessage } from '@printdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPrinterWithAgent,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { eventually, type FakeAgent } from '../../../test-support/fake-agent.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { createApiKey } from '../../../test-support/api-keys.js';
import { buildTextGcode } from '../../../test-support/files.js';
import { createIdempotencyRepository } from './idempotency.repository.js';
import {
  createIdempotencyService,
  IDEMPOTENCY_KEY_TTL_SECONDS,
  IN_FLIGHT_TIMEOUT_SECONDS,
} from './idempotency.service.js';

/** Idempotency-Key (IETF httpapi-idempotency-key) on a real server, database and device socket. */

let t: TestServer;
const clock = new TestClock();
let owner: BuiltUser;
let other: BuiltUser;
let workspaceId: number;
let printerId: number;
let agent: FakeAgent;
/** home_head requests held without an answer until the test releases them */
const heldHomes: RequestMessage[] = [];

beforeAll(async () => {
  ({ t, user: owner } = await startServerWithUser({
    clock,
    gatewayLimits: { commandTimeoutMs: 3000 },
  }));
  other = await buildUser(t);
  workspaceId = await buildWorkspace(t, owner);
  ({ printerId, agent } = await buildPrinterWithAgent(t, {
    token: owner.access,
    workspaceId,
    name: 'MK4',
  }));
  agent.answer((request) => {
    const { command } = request;
    if (command.name === 'move_head')
      return {
        ok: false,
        error: { code: 'axis-homing-required', message: 'Must home axis first' },
      };
    if (command.name === 'home_head') {
      heldHomes.push(request);
      return undefined;
    }
    return { ok: true, result: null };
  });
  await eventually(async () => {
    const states = await t.api(`/api/groups/${workspaceId}/devices-states/`, {
      token: owner.access,
    });
    expect(states.body[0].printer_state).toBe('READY_TO_PRINT');
  });
});
afterAll(async () => {
  agent.close();
  await t.close();
});

const post = (path: string, token: string, body: unknown, key?: string) =>
  t.api(path, { method: 'POST', token, body, headers: key ? { 'idempotency-key': key } : {} });
const sentToDevice = (name: string) =>
  agent.requests.filter((request) => request.command.name === name).length;
const signIn = async () =>
  (
    await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: owner.email, password: owner.password },
    })
  ).body.access as string;
const storedRow = (key: string) =>
  t.server.database.db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();

describe('Idempotency-Key', () => {
  it('a refused control sent three times with one key reaches the device once', async () => {
    const before = sentToDevice('move_head');
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(
        await post(`/api/printers/${printerId}/move_head/`, owner.access, { x: 10 }, 'k-move-1'),
      );
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(answer.body).toEqual({
        code: 'axis_homing_required',
        message: 'Must home axis first.',
      });
    }
    expect(answers[0]!.headers.get('idempotent-replayed')).toBeNull();
    expect(answers[2]!.headers.get('idempotent-replayed')).toBe('true');
    expect(sentToDevice('move_head')).toBe(before + 1);

    // without a key (or with a new one) every request is its own action
    await post(`/api/printers/${printerId}/move_head/`, owner.access, { x: 10 });
    await post(`/api/printers/${printerId}/move_head/`, owner.access, { x: 10 }, 'k-move-2');
    expect(sentToDevice('move_head')).toBe(before + 3);
  });

  it('a repeated create answers the first 201 and creates one object', async () => {
    const body = { name: 'Replayed space' };
    const first = await post('/api/users/me/groups/', owner.access, body, 'k-create');
    const again = await post('/api/users/me/groups/', owner.access, body, 'k-create');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('content-type')).toContain('application/json');
    const list = await t.server.database.db
      .selectFrom('workspaces')
      .select('id')
      .where('name', '=', 'Replayed space')
      .execute();
    expect(list).toHaveLength(1);
  });

  it('keeps no secret: an answer with a new key is not stored, bodies are fingerprinted keyed', async () => {
    const body = { name: 'secret key' };
    const first = await post('/api/users/me/api_keys/', owner.access, body, 'k-secret');
    expect(first.status).toBe(201);
    const row = await storedRow('k-secret');
    expect(JSON.stringify(row)).not.toContain(first.body.key);
    // a plain hash of a body that holds a password would be an unsalted password hash
    const plain = createHash('sha256')
      .update(JSON.stringify(['POST', '/api/users/me/api_keys/', body]))
      .digest('hex');
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.fingerprint).not.toBe(plain);
    // the repeat does not create a second key and says why it cannot show the first
    const again = await post('/api/users/me/api_keys/', owner.access, body, 'k-secret');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('idempotency_answer_not_kept');
    const list = await t.api('/api/users/me/api_keys/', { token: owner.access });
    expect(list.body.filter((key: { name: string }) => key.name === 'secret key')).toHaveLength(1);
    // the same for a new TOTP seed
    const setup = await post('/api/users/me/two-factor/setup/', owner.access, undefined, 'k-totp');
    expect(setup.status).toBe(200);
    expect(JSON.stringify(await storedRow('k-totp'))).not.toContain(setup.body.secret);
  });

  it('the same key with another body or path is refused with 422', async () => {
    await post('/api/users/me/api_keys/', owner.access, { name: 'one' }, 'k-reuse');
    const otherBody = await post(
      '/api/users/me/api_keys/',
      owner.access,
      { name: 'two' },
      'k-reuse',
    );
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    const otherPath = await post(
      `/api/printers/${printerId}/extrude/`,
      owner.access,
      { amount: 1 },
      'k-reuse',
    );
    expect(otherPath.status).toBe(422);
  });

  it('keys belong to their caller: another user or an API key runs its own request', async () => {
    const before = sentToDevice('extrude');
    const mine = await post(
      `/api/printers/${printerId}/extrude/`,
      owner.access,
      { amount: 1 },
      'shared',
    );
    expect(mine.status).toBe(204);
    // the other user is no member: their own answer (404), not the owner's stored 204
    const theirs = await post(
      `/api/printers/${printerId}/extrude/`,
      other.access,
      { amount: 1 },
      'shared',
    );
    expect(theirs.status).toBe(404);
    // the owner's API key is a caller of its own; an upload it repeats is stored once
    const { key } = await createApiKey(t, owner.access, 'PRINT_TO_GROUP');
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(buildTextGcode())]), 'once.gcode');
      const response = await fetch(`${t.baseUrl}/api/groups/${workspaceId}/files/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'shared' },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { id: number } };
    };
    const firstUpload = await upload();
    const secondUpload = await upload();
    expect(firstUpload.status).toBe(201);
    expect(secondUpload).toEqual(firstUpload);
    const files = await t.api(`/api/groups/${workspaceId}/files/`, { token: owner.access });
    expect(
      files.body.results.filter((f: { name: string }) => f.name === 'once.gcode'),
    ).toHaveLength(1);
    expect(sentToDevice('extrude')).toBe(before + 1);
  });

  it('a repeat while the first is still running gets 409, then the stored answer', async () => {
    const path = `/api/printers/${printerId}/home_head/`;
    const first = post(path, owner.access, { axes: ['x'] }, 'k-home');
    await eventually(async () => expect(heldHomes).toHaveLength(1));
    const during = await post(path, owner.access, { axes: ['x'] }, 'k-home');
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('idempotency_key_in_use');
    agent.send({ type: 'response', id: heldHomes[0]!.id, ok: true, result: null });
    expect((await first).status).toBe(204);
    const after = await post(path, owner.access, { axes: ['x'] }, 'k-home');
    expect(after.status).toBe(204);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(sentToDevice('home_head')).toBe(1);
  });

  it('refuses a malformed key, naming the header', async () => {
    const response = await post(
      `/api/printers/${printerId}/extrude/`,
      owner.access,
      { amount: 1 },
      'x'.repeat(300),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.details)).toEqual(['Idempotency-Key']);
  });

  it('a key left in flight by a crashed request is taken over once the request timeout passed', async () => {
    const before = sentToDevice('extrude');
    const path = `/api/printers/${printerId}/extrude/`;
    // the instance that claimed the key died before answering: nothing ever completes it
    const crashed = await t.server.services.idempotency.begin({
      caller: `user:${owner.id}`,
      key: 'k-crash',
      method: 'POST',
      path,
      body: { amount: 3 },
    });
    expect(crashed.kind).toBe('first');
    const during = await post(path, owner.access, { amount: 3 }, 'k-crash');
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('idempotency_key_in_use');
    clock.advance(IN_FLIGHT_TIMEOUT_SECONDS + 1);
    const after = await post(path, await signIn(), { amount: 3 }, 'k-crash');
    expect(after.status).toBe(204);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(sentToDevice('extrude')).toBe(before + 1);
  });

  it('a key lasts a day on the server clock; the sweep removes it, then it runs again', async () => {
    const before = sentToDevice('extrude');
    const path = `/api/printers/${printerId}/extrude/`;
    expect((await post(path, await signIn(), { amount: 2 }, 'k-day')).status).toBe(204);
    clock.advance(IDEMPOTENCY_KEY_TTL_SECONDS - 60);
    const late = await post(path, await signIn(), { amount: 2 }, 'k-day');
    expect(late.headers.get('idempotent-replayed')).toBe('true');
    expect(sentToDevice('extrude')).toBe(before + 1);

    clock.advance(120);
    const service = createIdempotencyService({
      keys: createIdempotencyRepository(t.server.database.db),
      clock,
      serverSecret: 'sweep-test-secret',
    });
    expect(await service.sweepExpiredKeys()).toBeGreaterThan(0);
    const left = await t.server.database.db
      .selectFrom('idempotency_keys')
      .select('idempotency_key')
      .where('expires_on', '<=', clock.now().toISOString())
      .execute();
    expect(left).toEqual([]);
    const fresh = await post(path, await signIn(), { amount: 2 }, 'k-day');
    expect(fresh.status).toBe(204);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(sentToDevice('extrude')).toBe(before + 2);
  });
});
