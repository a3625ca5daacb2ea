import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { startTestS3Server, type TestS3Server } from '../../../test-support/s3-server.js';
import { startServerWithWorkspace, type TestServer } from '../../../test-support/test-server.js';

/**
 * /api/health names a failing object store (issue 28) in one word, never its address or keys,
 * while the server keeps serving what does not need the store.
 */
let s3: TestS3Server | undefined;
let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  s3 = await startTestS3Server();
  ({
    t,
    user: owner,
    workspaceId,
  } = await startServerWithWorkspace({
    env: s3.envFor(await s3.createBucket()),
    storeCheckEveryMs: 50,
  }));
  const uploaded = await uploadFile(t, owner.access, workspaceId, { bytes: buildTextGcode() });
  expect(uploaded.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('/api/health and the object store', () => {
  it('says ok while the store answers', async () => {
    expect((await t.api('/api/health')).body).toMatchObject({
      status: 'ok',
      object_store: 'ok',
      mqtt: 'off',
    });
  });

  it('says failing when the store goes away, keeps serving, and leaks nothing', async () => {
    const endpoint = s3!.endpoint;
    await s3!.close();
    s3 = undefined;
    const health = await eventually(async () => {
      const response = await t.api('/api/health');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'degraded', object_store: 'failing' });
      return response;
    }, 10_000);
    expect(health.text).not.toContain(endpoint);
    expect(health.text).not.toContain('S3RVER');
    expect(health.text).not.toContain('printdeck-');
    // what does not need the store still works
    expect((await t.api('/api/users/me/', { token: owner.access })).status).toBe(200);
    const files = await t.api(`/api/groups/${workspaceId}/files/`, { token: owner.access });
    expect(files.status).toBe(200);
    expect(files.body.count).toBe(1);
  });
});
