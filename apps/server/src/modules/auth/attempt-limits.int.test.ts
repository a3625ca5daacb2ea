import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../rate-limit/rate-limiter.js';
import { buildUser } from '../../../test-support/factories.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';
import { authenticatorCode, enableTwoFactor } from '../../../test-support/two-factor.js';

let t: TestServer;
const clock = new TestClock();
beforeAll(async () => {
  t = await startTestServer({ clock, env: { TRUST_PROXY_HOPS: '1' } });
});
afterAll(() => t.close());

const signIn = (
  body: { username: string; password: string; otp?: string },
  address = '198.51.100.1',
) => t.api('/api/tokens/', { method: 'POST', body, headers: { 'x-forwarded-for': address } });

describe('attempt limits (issue 23)', () => {
  it('authenticator codes are limited per account, across addresses', async () => {
    const user = await buildUser(t);
    const { secret } = await enableTwoFactor(t, user.access, clock);
    clock.advance(30);
    const right = authenticatorCode(secret, clock);
    const wrong = right === '000000' ? '111111' : '000000';
    const limit = RATE_LIMITS.secondFactorPerAccount.limit;
    const answers: number[] = [];
    for (let i = 0; i < limit + 2; i++) {
      const response = await signIn(
        { username: user.email, password: user.password, otp: wrong },
        `203.0.113.${i + 1}`,
      );
      answers.push(response.status);
    }
    expect(answers.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(answers.slice(limit)).toEqual([429, 429]);
    // the limit holds for the right code too, until its window ends
    const blocked = await signIn(
      { username: user.email, password: user.password, otp: right },
      '192.0.2.200',
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(RATE_LIMITS.secondFactorPerAccount.windowSeconds + 1);
    const later = await signIn(
      { username: user.email, password: user.password, otp: authenticatorCode(secret, clock) },
      '192.0.2.201',
    );
    expect(later.status).toBe(200);
  });

  it('racing wrong passwords from one address get no more tries than the limit', async () => {
    const user = await buildUser(t);
    const attempts = 28;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        signIn({ username: user.email, password: 'not the password' }, '198.51.100.77'),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const limit = RATE_LIMITS.loginFailuresPerUsername.limit;
    expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(attempts - limit);
  });
});
