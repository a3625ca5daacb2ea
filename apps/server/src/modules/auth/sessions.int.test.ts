import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test-support/factories.js';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { REFRESH_REUSE_GRACE_SECONDS } from './auth.service.js';

let t: TestServer;
let smtp: SmtpCapture;
const clock = new TestClock();
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.api('/api/tokens/', { method: 'POST', body: { username: email, password }, headers });
const refreshWith = (refresh: string) =>
  t.api('/api/tokens/refresh/', { method: 'POST', body: { refresh } });

describe('password reset links', () => {
  it('using one reset link spends every older one', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 2; i += 1) {
      await t.api('/api/users/password-reset/request/', {
        method: 'POST',
        body: { email: user.email },
      });
    }
    const tokens = smtp.mails
      .filter((mail) => mail.to === user.email)
      .map((mail) => extractLink(mail.text).searchParams.get('reset')!);
    expect(tokens).toHaveLength(2);
    const confirm = (token: string, password: string) =>
      t.api('/api/users/password-reset/confirm/', {
        method: 'POST',
        body: { token, password },
      });
    expect((await confirm(tokens[1]!, 'the newest passphrase')).status).toBe(204);
    const older = await confirm(tokens[0]!, 'an older passphrase');
    expect(older.status).toBe(401);
    expect(older.body.code).toBe('token_not_valid');
    expect((await signIn(user.email, 'the newest passphrase')).status).toBe(200);
  });
});

describe('tokens', () => {
  it('an access token without an expiry is refused, even when correctly signed', async () => {
    const user = await buildUser(t);
    const secret = readFileSync(path.join(t.config.dataDir, 'jwt-secret'), 'utf8').trim();
    const [, payload] = user.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    delete claims.exp;
    const forever = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
    const withExpiry = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    expect((await t.api('/api/users/me/', { token: withExpiry })).status).toBe(200);
    const response = await t.api('/api/users/me/', { token: forever });
    expect(response.status).toBe(401);
  });

  it('a browser gets the refresh token as an HttpOnly SameSite=Strict cookie on the refresh path, not in the body', async () => {
    const user = await buildUser(t);
    const login = await signIn(user.email, user.password, { 'x-refresh-cookie': '1' });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['access']);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^printdeck_refresh=[\w.-]+; /);
    expect(cookie).toContain('Path=/api/tokens/refresh/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const pair = cookie.split(';')[0]!;

    const refreshed = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: {},
      headers: { cookie: pair, 'x-refresh-cookie': '1' },
    });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body)).toEqual(['access']);
    const next = refreshed.headers.get('set-cookie')!.split(';')[0]!;
    expect(next).not.toBe(pair);

    // the cookie alone (a cross-site form, a simple request) is not enough
    const withoutHeader = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: {},
      headers: { cookie: next },
    });
    expect(withoutHeader.status).toBe(400);
    expect(withoutHeader.headers.get('set-cookie')).toBeNull();
    const withoutCookie = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: {},
      headers: { 'x-refresh-cookie': '1' },
    });
    expect(withoutCookie.status).toBe(401);

    // sign-out clears the cookie
    const logout = await t.api('/api/tokens/mine/', {
      method: 'DELETE',
      token: refreshed.body.access,
    });
    expect(logout.headers.get('set-cookie')).toMatch(
      /^printdeck_refresh=; Path=\/api\/tokens\/refresh\/; Max-Age=0/,
    );
  });

  it('API clients keep the body contract: refresh and access in, refresh and access out', async () => {
    const user = await buildUser(t);
    const login = await signIn(user.email, user.password);
    expect(Object.keys(login.body).sort()).toEqual(['access', 'refresh']);
    expect(login.headers.get('set-cookie')).toBeNull();
    const refreshed = await refreshWith(login.body.refresh);
    expect(Object.keys(refreshed.body).sort()).toEqual(['access', 'refresh']);
  });

  it('the just-rotated refresh token works once more within the grace window; later it ends the session', async () => {
    const user = await buildUser(t);
    const first = await refreshWith(user.refresh);
    expect(first.status).toBe(200);
    const secondTab = await refreshWith(user.refresh);
    expect(secondTab.status).toBe(200);
    expect((await refreshWith(first.body.refresh)).status).toBe(200);
    clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    expect((await refreshWith(user.refresh)).status).toBe(401);
    expect((await refreshWith(secondTab.body.refresh)).status).toBe(401);
  });

  it('within the grace window a rotated token is taken once: 10 in parallel start no 10 chains', async () => {
    const user = await buildUser(t);
    expect((await refreshWith(user.refresh)).status).toBe(200);
    const racing = await Promise.all(Array.from({ length: 10 }, () => refreshWith(user.refresh)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(401)]);
    // the losers ended nothing: both chains still work
    const winner = racing.find((answer) => answer.status === 200)!;
    expect((await refreshWith(winner.body.refresh)).status).toBe(200);
  });
});

describe('sessions you can see and end', () => {
  it('lists each sign-in with its browser, address and last use; ends one, then all others', async () => {
    const user = await buildUser(t);
    const laptop = await signIn(user.email, user.password, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
    });
    const phone = await signIn(user.email, user.password, {
      'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1',
    });
    const list = await t.api('/api/users/me/sessions/', { token: laptop.body.access });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const current = list.body.find((s: { is_current: boolean }) => s.is_current);
    expect(current).toMatchObject({
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      ip_address: '127.0.0.1',
    });
    expect(current.last_used_on).toEqual(expect.any(String));
    const phoneSession = list.body.find((s: { user_agent: string | null }) =>
      s.user_agent?.includes('iPhone'),
    );

    const ended = await t.api(`/api/users/me/sessions/${phoneSession.id}/`, {
      method: 'DELETE',
      token: laptop.body.access,
    });
    expect(ended.status).toBe(204);
    expect((await refreshWith(phone.body.refresh)).status).toBe(401);
    expect((await t.api('/api/users/me/', { token: phone.body.access })).status).toBe(401);

    // another user's session is not found
    const stranger = await buildUser(t);
    const foreign = await t.api(`/api/users/me/sessions/${current.id}/`, {
      method: 'DELETE',
      token: stranger.access,
    });
    expect(foreign.status).toBe(404);

    const others = await t.api('/api/users/me/sessions/others/', {
      method: 'DELETE',
      token: laptop.body.access,
    });
    expect(others.status).toBe(204);
    expect((await refreshWith(user.refresh)).status).toBe(401);
    const after = await t.api('/api/users/me/sessions/', { token: laptop.body.access });
    expect(after.body.map((s: { id: string }) => s.id)).toEqual([current.id]);
  });

  it('a refresh updates last used and the address', async () => {
    const user = await buildUser(t);
    const before = (await t.api('/api/users/me/sessions/', { token: user.access })).body[0];
    clock.advance(60);
    const refreshed = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: user.refresh },
    });
    const after = (await t.api('/api/users/me/sessions/', { token: refreshed.body.access }))
      .body[0];
    expect(Date.parse(after.last_used_on)).toBeGreaterThan(Date.parse(before.last_used_on));
  });
});

describe('change password', () => {
  it('asks for the current password; the change ends every other session and keeps this one', async () => {
    const user = await buildUser(t);
    const other = await signIn(user.email, user.password);
    const change = (current: string, next: string) =>
      t.api('/api/users/me/password/', {
        method: 'POST',
        token: user.access,
        body: { current_password: current, new_password: next },
      });
    const wrong = await change('not my password', 'a brand new passphrase');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({
      current_password: ['The current password is not correct.'],
    });
    const weak = await change(user.password, user.email);
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.details)).toEqual(['new_password']);

    expect((await change(user.password, 'a brand new passphrase')).status).toBe(204);
    expect((await t.api('/api/users/me/', { token: user.access })).status).toBe(200);
    expect((await refreshWith(other.body.refresh)).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'a brand new passphrase')).status).toBe(200);
  });

  it('wrong current passwords are limited per user', async () => {
    const user = await buildUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await t.api('/api/users/me/password/', {
            method: 'POST',
            token: user.access,
            body: { current_password: `guess ${i}`, new_password: 'a brand new passphrase' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('an API key cannot change the password or see sessions', async () => {
    const user = await buildUser(t);
    const key = (
      await t.api('/api/users/me/api_keys/', {
        method: 'POST',
        token: user.access,
        body: { name: 'k' },
      })
    ).body.key as string;
    expect((await t.api('/api/users/me/sessions/', { token: key })).status).toBe(403);
    const change = await t.api('/api/users/me/password/', {
      method: 'POST',
      token: key,
      body: { current_password: user.password, new_password: 'a brand new passphrase' },
    });
    expect(change.status).toBe(403);
  });
});
