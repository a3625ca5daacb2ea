import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSystemAdmin,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { authenticatorCode, enableTwoFactor } from '../../../test-support/two-factor.js';
import { REAUTH_VALID_SECONDS } from './two-factor.service.js';

let t: TestServer;
const clock = new TestClock();
beforeAll(async () => {
  t = await startTestServer({ clock });
});
afterAll(() => t.close());

const nextStep = () => clock.advance(30);
const signIn = async (user: BuiltUser, otp?: string) => {
  const response = await t.api('/api/tokens/', {
    method: 'POST',
    body: { username: user.email, password: user.password, ...(otp ? { otp } : {}) },
  });
  expect(response.status).toBe(200);
  return response.body as { access: string; refresh: string };
};
const refresh = (token: string) =>
  t.api('/api/tokens/refresh/', { method: 'POST', body: { refresh: token } });
/** A fresh access token for a session whose sign-in is older than the re-authentication window. */
const laterAccess = async (session: { refresh: string }) => {
  clock.advance(REAUTH_VALID_SECONDS + 1);
  const response = await refresh(session.refresh);
  expect(response.status).toBe(200);
  return response.body.access as string;
};
const NEWS = {
  title_en: 'T',
  perex_en: 'P',
  content_en: 'C',
  title_cs: 'T',
  perex_cs: 'P',
  content_cs: 'C',
};

/** A session from before two-factor existed on the account (or before issue 23's change). */
async function makePasswordOnly(userId: number) {
  await t.server.database.db
    .updateTable('sessions')
    .set({ second_factor_on: null })
    .where('user_id', '=', userId)
    .execute();
}

describe('two-factor holds for every session (issue 23)', () => {
  it('turning two-factor on ends every other session; this one stays', async () => {
    const user = await buildUser(t);
    const other = await signIn(user);
    await enableTwoFactor(t, user.access, clock);
    expect((await t.api('/api/users/me/', { token: other.access })).status).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect((await t.api('/api/users/me/', { token: user.access })).status).toBe(200);
  });

  it('records whether a session proved the code: sign-in with a code does, without 2FA none', async () => {
    const user = await buildUser(t);
    const strength = async () =>
      (
        await t.server.database.db
          .selectFrom('sessions')
          .select(['id', 'second_factor_on'])
          .where('user_id', '=', user.id)
          .where('revoked_on', 'is', null)
          .execute()
      ).map((row) => row.second_factor_on !== null);
    expect(await strength()).toEqual([false]);
    const { secret } = await enableTwoFactor(t, user.access, clock);
    expect(await strength()).toEqual([true]);
    nextStep();
    await signIn(user, authenticatorCode(secret, clock));
    expect(await strength()).toEqual([true, true]);
  });

  it('a password-only session of an account with 2FA has no admin powers and cannot turn 2FA off or change the password, until it proves the code', async () => {
    const root = await buildSystemAdmin(t);
    const { secret } = await enableTwoFactor(t, root.access, clock);
    await makePasswordOnly(root.id);
    const publish = () =>
      t.api('/api/admin/news/', {
        method: 'POST',
        token: root.access,
        body: { ...NEWS, publish_from: clock.now().toISOString() },
      });
    expect((await publish()).status).toBe(403);
    const off = await t.api('/api/users/me/two-factor/', { method: 'DELETE', token: root.access });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('reauth_required');
    nextStep();
    const change = await t.api('/api/users/me/password/', {
      method: 'POST',
      token: root.access,
      body: {
        current_password: root.password,
        new_password: 'another long passphrase',
        otp: authenticatorCode(secret, clock),
      },
    });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe('reauth_required');

    nextStep();
    const reauth = await t.api('/api/users/me/reauth/', {
      method: 'POST',
      token: root.access,
      body: { password: root.password, otp: authenticatorCode(secret, clock) },
    });
    expect(reauth.status).toBe(204);
    expect((await publish()).status).toBe(201);
    expect(
      (await t.api('/api/users/me/two-factor/', { method: 'DELETE', token: root.access })).status,
    ).toBe(204);
  });
});

describe('recent re-authentication (issue 23)', () => {
  it('setting up and turning on two-factor a while after sign-in ask for the password again', async () => {
    const user = await buildUser(t);
    const access = await laterAccess(user);
    const reauth = () =>
      t.api('/api/users/me/reauth/', {
        method: 'POST',
        token: access,
        body: { password: user.password },
      });
    const setup = () => t.api('/api/users/me/two-factor/setup/', { method: 'POST', token: access });
    expect((await setup()).body.code).toBe('reauth_required');
    expect((await reauth()).status).toBe(204);
    const started = await setup();
    expect(started.status).toBe(200);

    clock.advance(REAUTH_VALID_SECONDS + 1);
    const enable = () =>
      t.api('/api/users/me/two-factor/enable/', {
        method: 'POST',
        token: access,
        body: { code: authenticatorCode(started.body.secret as string, clock) },
      });
    expect((await enable()).body.code).toBe('reauth_required');
    expect((await reauth()).status).toBe(204);
    expect((await enable()).status).toBe(200);
  });

  it('making a device key a while after sign-in asks for the password again', async () => {
    const user = await buildUser(t);
    const workspaceId = await buildWorkspace(t, user);
    const access = await laterAccess(user);
    const create = () =>
      t.api('/api/device_keys/', { method: 'POST', token: access, body: { group: workspaceId } });
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('reauth_required');
    const reauth = await t.api('/api/users/me/reauth/', {
      method: 'POST',
      token: access,
      body: { password: user.password },
    });
    expect(reauth.status).toBe(204);
    expect((await create()).status).toBe(201);
  });
});
