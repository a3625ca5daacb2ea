import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type BuiltUser } from '../../test-support/factories.js';
import { connectFakeAgent } from '../../test-support/fake-agent.js';
import { startServerWithUser, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
let owner: BuiltUser;
let home: number;
beforeAll(async () => {
  ({ t, user: owner } = await startServerWithUser({
    gatewayLimits: { keyAuditMs: 100, keyAuditBatch: 1 },
  }));
  home = await buildWorkspace(t, owner, 'Audit Lab');
});
afterAll(() => t.close());

async function connectedAgent(name: string) {
  const created = await t.api('/api/device_keys/', {
    method: 'POST',
    token: owner.access,
    body: { group: home },
  });
  const key = created.body.token as string;
  const printer = await t.api('/api/printers/', {
    method: 'POST',
    token: owner.access,
    body: { group: home, name, token: key },
  });
  expect(printer.status).toBe(201);
  const agent = await connectFakeAgent(t.baseUrl, key);
  await agent.hello();
  const publicId = key.split('.')[0]!;
  return { agent, publicId };
}

/**
 * Issue 23: a key revoked while the instance holding its socket missed the message (Redis
 * down) kept its socket. Here the change goes straight to the database, as if every message
 * were lost; the periodic re-check must close the socket.
 */
describe('the key audit closes sockets whose key no longer holds', () => {
  it('a key revoked behind the bus', async () => {
    const { agent, publicId } = await connectedAgent('Revoked quietly');
    await t.server.database.db
      .updateTable('device_keys')
      .set({ revoked_on: new Date().toISOString() })
      .where('public_id', '=', publicId)
      .execute();
    expect((await agent.closed).code).toBe(4401);
  });

  /** the key's secret changed in the database directly, as no route of this server would */
  const rotateBehindTheBus = (publicId: string) =>
    t.server.database.db
      .updateTable('device_keys')
      .set({ secret_hash: 'another secret' })
      .where('public_id', '=', publicId)
      .execute();

  it('a key rotated behind the bus', async () => {
    const { agent, publicId } = await connectedAgent('Rotated quietly');
    await rotateBehindTheBus(publicId);
    expect((await agent.closed).code).toBe(4401);
  });

  it('a stale key read in a later batch than keys that hold (one key a batch here)', async () => {
    const holding = await connectedAgent('Holds');
    const { agent, publicId } = await connectedAgent('Rotated later');
    await rotateBehindTheBus(publicId);
    expect((await agent.closed).code).toBe(4401);
    // the audit read the holding key's batch before the stale one's, and left it open
    expect(holding.agent.socket.readyState).toBe(holding.agent.socket.OPEN);
  });
});
