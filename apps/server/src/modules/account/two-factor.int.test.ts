import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSystemAdmin, buildUser, type BuiltUser } from '../../../test-support/factories.js';
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

const signIn = (user: BuiltUser, otp?: string) =>
  t.api('/api/tokens/', {
    method: 'POST',
    body: { username: user.email, password: user.password, ...(otp ? { otp } : {}) },
  });
const nextStep = () => clock.advance(30);

describe('two-factor sign-in', () => {
  it('asks for the authenticator code after the password, refuses a wrong or replayed one', async () => {
    const user = await buildUser(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, user.access, clock);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const noCode = await signIn(user);
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({
      code: 'otp_required',
      message: 'Enter the code from your authenticator app.',
    });
    // a wrong password never reaches the code question
    const wrongPassword = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: user.email, password: 'not it', otp: '000000' },
    });
    expect(wrongPassword.body.code).toBe('invalid_credentials');
    nextStep();
    const code = authenticatorCode(secret, clock);
    const wrong = await signIn(user, code === '123456' ? '654321' : '123456');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('otp_invalid');
    expect((await signIn(user, code)).status).toBe(200);
    const replay = await signIn(user, code);
    expect(replay.body.code).toBe('otp_invalid');

    // a recovery code works once, in place of the app's code
    expect((await signIn(user, recoveryCodes[0]!.toUpperCase())).status).toBe(200);
    expect((await signIn(user, recoveryCodes[0])).body.code).toBe('otp_invalid');
    const me = await t.api('/api/users/me/', { token: user.access });
    expect(me.body).toMatchObject({ two_factor_enabled: true, two_factor_required: false });
  });

  it('keeps the secret encrypted at rest and the recovery codes hashed', async () => {
    const user = await buildUser(t);
    const { secret, recoveryCodes } = await enableTwoFactor(t, user.access, clock);
    const row = await t.server.database.db
      .selectFrom('users')
      .select('totp_secret')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./);
    const stored = JSON.stringify(
      await t.server.database.db.selectFrom('user_recovery_codes').selectAll().execute(),
    );
    expect(row.totp_secret).not.toContain(secret);
    expect(stored).not.toContain(recoveryCodes[1]);
  });

  it('a code from before the setup finished does not turn it on', async () => {
    const user = await buildUser(t);
    const setup = await t.api('/api/users/me/two-factor/setup/', {
      method: 'POST',
      token: user.access,
    });
    expect(setup.body.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/Printdeck%3A.+\?secret=[A-Z2-7]+&issuer=Printdeck/,
    );
    const bad = await t.api('/api/users/me/two-factor/enable/', {
      method: 'POST',
      token: user.access,
      body: { code: '000000' },
    });
    expect(bad.status).toBe(400);
    expect((await signIn(user)).status).toBe(200);
  });
});

describe('system administrators', () => {
  it('have no administrator powers until two-factor sign-in is on', async () => {
    const root = await buildSystemAdmin(t);
    const me = await t.api('/api/users/me/', { token: root.access });
    expect(me.body).toMatchObject({ is_admin: true, two_factor_required: true });
    const news = {
      title_en: 'T',
      perex_en: 'P',
      content_en: 'C',
      title_cs: 'T',
      perex_cs: 'P',
      content_cs: 'C',
      publish_from: clock.now().toISOString(),
    };
    const before = await t.api('/api/admin/news/', {
      method: 'POST',
      token: root.access,
      body: news,
    });
    expect(before.status).toBe(403);
    const { secret } = await enableTwoFactor(t, root.access, clock);
    nextStep();
    const signedIn = await signIn(root, authenticatorCode(secret, clock));
    const after = await t.api('/api/admin/news/', {
      method: 'POST',
      token: signedIn.body.access,
      body: news,
    });
    expect(after.status).toBe(201);
  });
});

describe('re-authentication before sensitive changes', () => {
  it('creating an API key a while after sign-in asks for the password again', async () => {
    const user = await buildUser(t);
    clock.advance(REAUTH_VALID_SECONDS + 1);
    const fresh = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: user.refresh },
    });
    const access = fresh.body.access as string;
    const create = () =>
      t.api('/api/users/me/api_keys/', { method: 'POST', token: access, body: { name: 'k' } });
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('reauth_required');
    const wrong = await t.api('/api/users/me/reauth/', {
      method: 'POST',
      token: access,
      body: { password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.details)).toEqual(['password']);
    expect((await create()).status).toBe(403);
    const right = await t.api('/api/users/me/reauth/', {
      method: 'POST',
      token: access,
      body: { password: user.password },
    });
    expect(right.status).toBe(204);
    expect((await create()).status).toBe(201);
  });

  it('with two-factor on, re-authentication, turning it off and changing the password need a code', async () => {
    const user = await buildUser(t);
    const { secret } = await enableTwoFactor(t, user.access, clock);
    clock.advance(REAUTH_VALID_SECONDS + 1);
    const access = (
      await t.api('/api/tokens/refresh/', { method: 'POST', body: { refresh: user.refresh } })
    ).body.access as string;
    const off = () => t.api('/api/users/me/two-factor/', { method: 'DELETE', token: access });
    expect((await off()).body.code).toBe('reauth_required');
    const withoutCode = await t.api('/api/users/me/reauth/', {
      method: 'POST',
      token: access,
      body: { password: user.password },
    });
    expect(withoutCode.status).toBe(400);
    expect(Object.keys(withoutCode.body.details)).toEqual(['otp']);

    const change = (otp?: string) =>
      t.api('/api/users/me/password/', {
        method: 'POST',
        token: access,
        body: {
          current_password: user.password,
          new_password: 'a second long passphrase',
          ...(otp ? { otp } : {}),
        },
      });
    expect(Object.keys((await change()).body.details)).toEqual(['otp']);
    nextStep();
    expect((await change(authenticatorCode(secret, clock))).status).toBe(204);
    nextStep();
    const reauth = await t.api('/api/users/me/reauth/', {
      method: 'POST',
      token: access,
      body: { password: 'a second long passphrase', otp: authenticatorCode(secret, clock) },
    });
    expect(reauth.status).toBe(204);
    expect((await off()).status).toBe(204);
    expect(
      (
        await t.api('/api/tokens/', {
          method: 'POST',
          body: { username: user.email, password: 'a second long passphrase' },
        })
      ).status,
    ).toBe(200);
  });
});
