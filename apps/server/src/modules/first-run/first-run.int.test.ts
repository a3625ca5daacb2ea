import { afterEach, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_HEADER, REFRESH_COOKIE_NAME } from '@printdeck/shared';
import { buildUser } from '../../../test-support/factories.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { FIRST_RUN_CLOSED } from './first-run.service.js';

const PASSWORD = 'the first passphrase 19';
let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const welcome = (server: TestServer, body: Record<string, unknown>, headers = {}) =>
  server.api('/api/first-run/', { method: 'POST', body, headers });

async function countUsers(server: TestServer): Promise<number> {
  const row = await server.server.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('first run', () => {
  it('makes the first account once: an administrator with a workspace, signed in; then 403', async () => {
    t = await startTestServer();
    expect((await t.api('/api/first-run/')).body).toEqual({ is_open: true });

    const created = await welcome(t, {
      email: ' Admin@Example.com ',
      password: PASSWORD,
      language: 'cs',
      workspace_name: 'Makerspace',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.refresh).toEqual(expect.any(String));
    const me = await t.api('/api/users/me/', { token: created.body.access });
    expect(me.body).toMatchObject({ email: 'admin@example.com', is_admin: true, language: 'cs' });
    const groups = await t.api('/api/users/me/groups/', { token: created.body.access });
    expect(groups.body.map((g: { name: string }) => g.name)).toEqual(['Makerspace']);
    // the refresh token works like one from signing in
    const refreshed = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: created.body.refresh },
    });
    expect(refreshed.status).toBe(200);

    expect((await t.api('/api/first-run/')).body).toEqual({ is_open: false });
    const again = await welcome(t, {
      email: 'second@example.com',
      password: PASSWORD,
      language: 'en',
    });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'forbidden', message: FIRST_RUN_CLOSED });
    expect(await countUsers(t)).toBe(1);
  });

  it('of two forms sent at the same moment exactly one makes an account', async () => {
    t = await startTestServer();
    const server = t;
    const answers = await Promise.all(
      ['one@example.com', 'two@example.com', 'three@example.com'].map((email) =>
        welcome(server, { email, password: PASSWORD, language: 'en' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
    expect(await countUsers(t)).toBe(1);
    const claims = await t.server.database.db.selectFrom('first_run_claims').selectAll().execute();
    expect(claims).toHaveLength(1);
  });

  it('is closed when an account exists already (command line or registration)', async () => {
    t = await startTestServer();
    await buildUser(t);
    expect((await t.api('/api/first-run/')).body).toEqual({ is_open: false });
    const refused = await welcome(t, {
      email: 'late@example.com',
      password: PASSWORD,
      language: 'en',
    });
    expect(refused.status).toBe(403);
    expect(await countUsers(t)).toBe(1);
  });

  it('validates like registration and leaves the welcome open after bad input', async () => {
    t = await startTestServer();
    const badEmail = await welcome(t, {
      email: 'not-an-address',
      password: PASSWORD,
      language: 'en',
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.details).toHaveProperty('email');
    const short = await welcome(t, { email: 'a@example.com', password: 'short', language: 'en' });
    expect(short.status).toBe(400);
    expect(short.body.details).toHaveProperty('password');
    const common = await welcome(t, {
      email: 'a@example.com',
      password: 'password123',
      language: 'en',
    });
    expect(common.status).toBe(400);
    expect(common.body.details).toHaveProperty('password');
    const language = await welcome(t, {
      email: 'a@example.com',
      password: PASSWORD,
      language: 'de',
    });
    expect(language.status).toBe(400);
    expect(language.body.details).toHaveProperty('language');
    const extra = await welcome(t, {
      email: 'a@example.com',
      password: PASSWORD,
      language: 'en',
      is_admin: false,
    });
    expect(extra.status).toBe(400);
    expect(await countUsers(t)).toBe(0);
    expect((await t.api('/api/first-run/')).body).toEqual({ is_open: true });
  });

  it('gives a browser the refresh token only as the HttpOnly cookie', async () => {
    t = await startTestServer();
    const created = await welcome(
      t,
      { email: 'browser@example.com', password: PASSWORD, language: 'en' },
      { [REFRESH_COOKIE_HEADER]: '1' },
    );
    expect(created.status).toBe(201);
    expect(created.body.refresh).toBeUndefined();
    expect(created.headers.get('set-cookie')).toContain(`${REFRESH_COOKIE_NAME}=`);
    expect(created.headers.get('set-cookie')).toContain('HttpOnly');
    const groups = await t.api('/api/users/me/groups/', { token: created.body.access });
    expect(groups.body.map((g: { name: string }) => g.name)).toEqual(['browser']);
  });
});
