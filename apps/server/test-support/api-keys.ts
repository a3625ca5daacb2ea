import { expect } from 'vitest';
import type { ApiKeyScope } from '@printdeck/shared';
import type { TestServer } from './test-server.js';

/** An API key made through the API, as its owner would make it. */
export async function createApiKey(
  t: TestServer,
  ownerAccess: string,
  scope?: ApiKeyScope,
): Promise<{ id: number; key: string }> {
  const response = await t.api('/api/users/me/api_keys/', {
    method: 'POST',
    token: ownerAccess,
    body: { name: `key ${scope ?? 'default'}`, ...(scope ? { scope } : {}) },
  });
  expect(response.status).toBe(201);
  return { id: response.body.id, key: response.body.key };
}
