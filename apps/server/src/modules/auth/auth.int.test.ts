import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { hashPassword } from '../../crypto/password.js';
import { REFRESH_REUSE_GRACE_SECONDS } from './auth.service.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
const clock = new TestClock();
beforeAll(async () => {
  // the standard argon2id cost (test servers use a cheap one): its parameters are checked here
  t = await startTestServer({
    clock,
    env: { TRUST_PROXY_HOPS: '1', PASSWORD_HASH_COST: 'standard' },
  });
});
afterAll(() => t.close());

const login = (username: string, password: string, ip = '10.0.0.1') =>
  t.api('/api/tokens/', {
    method: 'POST',
    body: { username, password },
    headers: { 'x-forwarded-for': ip },
  });

describe('POST /api/tokens/', () => {
  it('signs in with the username in any case and returns refresh and access tokens', async () => {
    const user = await buildUser(t, {
      email: 'Mixed.Case@Example.com',
      password: 'a long passphrase',
    });
    const response = await login('MIXED.case@example.COM', user.password);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['access', 'refresh']);
    const me = await t.api('/api/users/me/', { token: response.body.access });
    expect(me.body).toMatchObject({
      email: 'mixed.case@example.com',
      username: 'mixed.case@example.com',
    });
  });

  it('answers a wrong password and an unknown user alike, with the spec message', async () => {
    const user = await buildUser(t);
    const wrongPassword = await login(user.email, 'not the password', '10.0.0.2');
    const unknownUser = await login('nobody@example.com', 'not the password', '10.0.0.2');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expect(wrongPassword.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid email or password, try again, please.',
    });
  });

  it('stores passwords as argon2id with the ASVS parameters', async () => {
    const user = await buildUser(t);
    const row = await t.server.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(row.password_hash).not.toContain(user.password);
  });

  it('rehashes at the standard parameters on sign-in a password stored with other ones', async () => {
    const user = await buildUser(t);
    const readHash = async () =>
      (
        await t.server.database.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    await t.server.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(user.password, 'test') })
      .where('id', '=', user.id)
      .execute();
    expect(await readHash()).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect((await login(user.email, user.password, '10.6.6.6')).status).toBe(200);
    expect(await readHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('limits failed logins per username and address with 429 and Retry-After, without locking the user out elsewhere', async () => {
    const user = await buildUser(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user.email, 'wrong password', '10.1.1.1')).status).toBe(401);
    }
    const limited = await login(user.email, user.password, '10.1.1.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.code).toBe('rate_limited');
    expect((await login(user.email, user.password, '10.2.2.2')).status).toBe(200);
  });

  it('a successful login clears the failed-login count, so earlier typos never add up to a lockout', async () => {
    const user = await buildUser(t);
    for (let round = 0; round < 3; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const wrong = await login(user.email, 'wrong password', '10.3.3.3');
        expect(wrong.status, `round ${round}, attempt ${attempt}`).toBe(401);
      }
      expect((await login(user.email, user.password, '10.3.3.3')).status).toBe(200);
    }
  });

  it('limits all login attempts from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      statuses.push((await login(`flood${attempt}@example.com`, 'x', '10.9.9.9')).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('refuses bad input with the field and the reason', async () => {
    const missing = await t.api('/api/tokens/', { method: 'POST', body: { username: 'a@b.cz' } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('validation_error');
    expect(Object.keys(missing.body.details)).toEqual(['password']);
    const extra = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: 'a', password: 'b', is_admin: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.details).toEqual({ is_admin: ['Unknown field.'] });
    const wrongType = await t.api('/api/tokens/', {
      method: 'POST',
      body: { username: 5, password: 'b' },
    });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.details)).toEqual(['username']);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use', async () => {
    const user = await buildUser(t);
    const first = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: user.refresh },
    });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(user.refresh);
    const second = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: first.body.refresh },
    });
    expect(second.status).toBe(200);
    expect((await t.api('/api/users/me/', { token: second.body.access })).status).toBe(200);
  });

  it('reusing an old refresh token after the grace window revokes the whole family, access tokens included', async () => {
    const user = await buildUser(t);
    const rotated = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: user.refresh },
    });
    clock.advance(REFRESH_REUSE_GRACE_SECONDS + 1);
    const reuse = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: user.refresh },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('token_not_valid');
    const newer = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: rotated.body.refresh },
    });
    expect(newer.status).toBe(401);
    expect((await t.api('/api/users/me/', { token: rotated.body.access })).status).toBe(401);
  });

  it('two refreshes racing with one token (two tabs) both get through, and the session stays', async () => {
    const user = await buildUser(t);
    const results = await Promise.all(
      [1, 2].map(() =>
        t.api('/api/tokens/refresh/', { method: 'POST', body: { refresh: user.refresh } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    for (const result of results) {
      expect((await t.api('/api/users/me/', { token: result.body.access })).status).toBe(200);
    }
  });

  it('an unknown refresh token is refused', async () => {
    const response = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: 'abc.def' },
    });
    expect(response.status).toBe(401);
  });
});

describe('sign-out and access tokens', () => {
  it('DELETE /api/tokens/mine/ ends the session: its access and refresh tokens stop working', async () => {
    const user = await buildUser(t);
    expect(
      (await t.api('/api/tokens/mine/', { method: 'DELETE', token: user.access })).status,
    ).toBe(204);
    expect((await t.api('/api/users/me/', { token: user.access })).status).toBe(401);
    const refresh = await t.api('/api/tokens/refresh/', {
      method: 'POST',
      body: { refresh: user.refresh },
    });
    expect(refresh.status).toBe(401);
  });

  it('refuses forged, tampered and wrong-type tokens', async () => {
    const user = await buildUser(t);
    const [header, payload, signature] = user.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const foreignKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    for (const token of [tampered, unsigned, foreignKey, user.refresh]) {
      const response = await t.api('/api/users/me/', { token });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('not_authenticated');
    }
  });
});
