import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { buildTextGcode, uploadFile } from '../../test-support/files.js';
import {
  startSpawnedPair,
  type ChildInstance,
  type InstancePair,
} from '../../test-support/cluster.js';
import { addClusterPrinter, waitForPrinterState } from '../../test-support/cluster-printers.js';
import { startTestS3Server, type TestS3Server } from '../../test-support/s3-server.js';
import type { TestServer } from '../../test-support/test-server.js';
import { createS3ObjectStore } from '../storage/s3-object-store.js';
import type { S3Settings } from '../storage/s3-object-store.js';

/**
 * Issue 28: two instances that share PostgreSQL, Redis and an S3 bucket, and no disk: A (its own
 * process) and B (here) each have their own DATA_DIR. A file uploaded through A is printed and
 * downloaded through B, and deleted through B for both.
 */
let s3: TestS3Server;
let settings: S3Settings;
let cluster: InstancePair<ChildInstance>;
let dataDirA: string;
let a: ChildInstance;
let b: TestServer;
let admin: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  s3 = await startTestS3Server();
  settings = await s3.createBucket('cluster');
  dataDirA = mkdtempSync(path.join(os.tmpdir(), 'printdeck-instance-a-'));
  cluster = await startSpawnedPair({
    b: { env: s3.envFor(settings) },
    aEnv: { ...s3.envFor(settings), DATA_DIR: dataDirA },
  });
  ({ a, b, admin, workspaceId } = cluster);
}, 120_000);

afterAll(async () => {
  await cluster?.close();
  await s3?.close();
  if (dataDirA) rmSync(dataDirA, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('two instances on S3 with no shared disk', () => {
  it('a file uploaded through A is printed and downloaded through B, and deleted for both', async () => {
    expect(path.resolve(dataDirA)).not.toBe(path.resolve(b.config.dataDir));
    const bytes = buildTextGcode({ extraLines: 5_000 });
    const instanceA = { baseUrl: a.url } as TestServer;
    const uploaded = await uploadFile(instanceA, admin.access, workspaceId, {
      bytes,
      filename: 'through-a.gcode',
    });
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.id as number;

    // the agent sits on B; the print starts through B and the agent fetches the file from B
    const printer = await addClusterPrinter(b, admin, workspaceId, {
      name: 'On B',
      agentUrl: b.baseUrl,
    });
    await waitForPrinterState(b, admin, workspaceId, printer.id, 'READY_TO_PRINT');
    const started = await b.api(`/api/printers/${printer.id}/files/`, {
      method: 'POST',
      token: admin.access,
      body: { file_id: fileId, print: true, make_video: false },
    });
    expect(started.status, started.text).toBe(201);
    const command = printer.agent.requests.at(-1)?.command as {
      name: string;
      url: string;
      sha256: string;
    };
    expect(command.name).toBe('print_file');
    expect(command.sha256).toBe(sha256(bytes));
    const fetched = await fetch(new URL(command.url, b.baseUrl));
    expect(fetched.status).toBe(200);
    expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(sha256(bytes));
    printer.agent.close();

    // neither instance keeps the file on its disk
    for (const dataDir of [dataDirA, b.config.dataDir]) {
      expect(existsSync(path.join(dataDir, 'files')), dataDir).toBe(false);
    }

    const row = await b.server.database.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const deleted = await b.api(`/api/groups/${workspaceId}/files/${fileId}/`, {
      method: 'DELETE',
      token: admin.access,
    });
    expect(deleted.status).toBe(204);
    const objects = createS3ObjectStore(settings);
    await eventually(async () => expect(await objects.sizeOf(row.storage_key)).toBeNull());
    objects.close();
    const linkOnA = await fetch(
      `${a.url}/api/groups/${workspaceId}/files/${fileId}/download-link/`,
      {
        headers: { authorization: `Bearer ${admin.access}` },
      },
    );
    expect(linkOnA.status).toBe(404);
  });
});
