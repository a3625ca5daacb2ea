import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test-support/test-clock.js';
import { buildUser, buildWorkspace } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { leaveDeletedFileBytes } from '../../test-support/files.js';
import { startTestS3Server, type TestS3Server } from '../../test-support/s3-server.js';
import { createTestStorage, type TestStorage } from '../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { StartupError } from '../startup/startup-error.js';
import { createS3ObjectStore } from './s3-object-store.js';

/**
 * Issue 28: a store that is down, a bucket that is missing or keys that are wrong stop the start
 * with one line naming the setting; the orphan sweep at start works on the bucket.
 */
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
});

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startError(env: Record<string, string>): Promise<string> {
  const storage = await createTestStorage();
  try {
    const server = await startTestServer({ storage, env });
    await server.close();
    return 'started';
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  } finally {
    await storage.cleanup();
  }
}

describe('a store that cannot be used stops the start with one line', () => {
  it('names a store that refuses the connection', async () => {
    const env = s3.envFor(await s3.createBucket());
    const port = await closedPort();
    const message = await startError({ ...env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
    expect(message).toMatch(
      new RegExp(
        `^STORAGE_URL: the S3 bucket \\S+ at http://127.0.0.1:${port} refused the connection`,
      ),
    );
    expect(message).not.toContain('\n');
  });

  it('names a missing bucket and wrong keys', async () => {
    const env = s3.envFor(await s3.createBucket());
    expect(await startError({ ...env, STORAGE_URL: 's3://no-such-bucket/x' })).toMatch(
      /^STORAGE_URL: the S3 bucket no-such-bucket at .* the bucket does not exist: create it/,
    );
    expect(await startError({ ...env, S3_SECRET_ACCESS_KEY: 'not-the-secret' })).toMatch(
      /refused the keys: fix S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});

describe('the orphan sweep on S3', () => {
  let server: TestServer | undefined;
  let storage: TestStorage | undefined;
  afterAll(async () => {
    await server?.close();
    await storage?.cleanup();
  });

  it("removes a deleted file's bytes from the bucket at the next start and keeps what rows name", async () => {
    const settings = await s3.createBucket('sweep');
    storage = await createTestStorage();
    const clock = new TestClock();
    const first = await startTestServer({ storage, clock, env: s3.envFor(settings) });
    const admin = await buildUser(first);
    const workspaceId = await buildWorkspace(first, admin);
    // the crash: rows gone, bytes left in the bucket
    const { keptKey, deletedKey } = await leaveDeletedFileBytes(first, admin.access, workspaceId);
    await first.close();

    // the next start is two hours later: the bucket's objects are old enough to judge
    clock.advance(2 * 60 * 60);
    server = await startTestServer({ storage, clock, env: s3.envFor(settings) });
    const objects = createS3ObjectStore(settings);
    await eventually(async () => {
      expect(await objects.sizeOf(deletedKey)).toBeNull();
    });
    expect(await objects.sizeOf(keptKey)).toBeGreaterThan(0);
    expect(
      server.logs.find((line) => line.msg === 'orphans left by an earlier crash swept'),
    ).toMatchObject({ objects: 2 });
    objects.close();
  });
});
