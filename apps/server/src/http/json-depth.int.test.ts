import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { startServerWithUser, type TestServer } from '../../test-support/test-server.js';

let t: TestServer;
let user: BuiltUser;
beforeAll(async () => ({ t, user } = await startServerWithUser()));
afterAll(() => t.close());

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('JSON bodies nested too deep (issue 23)', () => {
  it('a 5,000-deep body is a 400 field error on every route, with or without Idempotency-Key', async () => {
    for (const [path, headers] of [
      ['/api/tokens/', {}],
      ['/api/users/me/groups/', { 'idempotency-key': 'deep-1' }],
    ] as const) {
      const response = await t.api(path, {
        method: 'POST',
        token: user.access,
        rawBody: `{"name": ${nested(5000)}}`,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe('validation_error');
    }
  });

  it('ordinary bodies still pass', async () => {
    const response = await t.api('/api/users/me/groups/', {
      method: 'POST',
      token: user.access,
      body: { name: 'Shallow' },
    });
    expect(response.status).toBe(201);
  });
});
