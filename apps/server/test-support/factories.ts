import type { Role } from '@printdeck/shared';
import { connectFakeAgent, readyState, type FakeAgent } from './fake-agent.js';
import type { TestServer } from './test-server.js';

let sequence = 0;

export interface BuiltUser {
  id: number;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

/** A user with a password, signed in. */
export async function buildUser(
  t: TestServer,
  overrides: { email?: string; password?: string } = {},
): Promise<BuiltUser> {
  sequence += 1;
  const email =
    overrides.email ?? `user${sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = overrides.password ?? `a long passphrase ${sequence}`;
  const row = await t.server.services.users.createAccount({ email, password });
  const login = await t.api('/api/tokens/', {
    method: 'POST',
    body: { username: email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  return { id: row.id, email, password, access: login.body.access, refresh: login.body.refresh };
}

/** A system administrator (the flag only: its powers need two-factor sign-in as well). */
export async function buildSystemAdmin(t: TestServer): Promise<BuiltUser> {
  const user = await buildUser(t);
  await t.server.database.db
    .updateTable('users')
    .set({ is_admin: 1 })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** A workspace whose admin is `owner`. */
export async function buildWorkspace(
  t: TestServer,
  owner: BuiltUser,
  name = `Space ${++sequence}`,
): Promise<number> {
  return t.server.services.workspaces.createWorkspace(owner.id, { name });
}

/** Membership with a role; inviting members through the API arrives with workspace administration. */
export async function addMember(
  t: TestServer,
  workspaceId: number,
  user: BuiltUser,
  role: Role,
): Promise<void> {
  await t.server.database.db
    .insertInto('memberships')
    .values({
      workspace_id: workspaceId,
      user_id: user.id,
      role,
      created_on: new Date().toISOString(),
    })
    .execute();
}

/**
 * A printer in the workspace with a fake agent connected on its device key, said hello and
 * reported ready (the agent answers nothing until the test tells it how).
 */
export async function buildPrinterWithAgent(
  t: TestServer,
  input: { token: string; workspaceId: number; name: string; driver?: string },
): Promise<{ printerId: number; agent: FakeAgent; key: string }> {
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: input.token })).body.token;
  const printerId = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: input.token,
      body: { group: input.workspaceId, name: input.name, token: key },
    })
  ).body.id;
  const agent = await connectFakeAgent(
    t.baseUrl,
    key,
    input.driver ? { driver: input.driver } : {},
  );
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  return { printerId, agent, key };
}
