import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace } from '../../test-support/factories.js';
import { eventually } from '../../test-support/fake-agent.js';
import { createTestStorage, type TestStorage } from '../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { leaveDeletedFileBytes } from '../../test-support/files.js';

/**
 * Issue 23 (low): a crash leaves partial state — the bytes of a deleted file (rows are deleted
 * first, bytes after), half an upload in the temp area, a LAN printer whose printer was never
 * made. The next start sweeps each; what a row still names, and bytes too young to judge
 * (another instance may be writing them), stay.
 */

let storage: TestStorage;
const servers: TestServer[] = [];
const start = async () => {
  const server = await startTestServer({ storage });
  servers.push(server);
  return server;
};
beforeAll(async () => {
  storage = await createTestStorage();
});
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  await storage.cleanup();
});

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60_000);
const pathOf = (key: string) => path.join(storage.dataDir, key);

describe('orphans left by a crash, swept at the next start', () => {
  it("removes a deleted file's bytes, a cut-off upload and a LAN printer without printer; keeps the rest", async () => {
    const first = await start();
    const admin = await buildUser(first);
    const workspaceId = await buildWorkspace(first, admin);
    const { db } = first.server.database;
    // the crash: the delete's transaction committed, the process died before the unlink
    const { kept, keptKey, deletedKey } = await leaveDeletedFileBytes(
      first,
      admin.access,
      workspaceId,
    );
    // an upload cut off mid-way, and bytes another instance is writing right now
    const cutUpload = path.join(storage.dataDir, 'tmp', `${randomUUID()}.upload`);
    await writeFile(cutUpload, 'G28\nG1 X');
    const youngKey = `files/${workspaceId}/${randomUUID()}`;
    await writeFile(pathOf(youngKey), 'G28\n');
    // a LAN printer whose key and row were written, and the printer never
    const ghostKey = await db
      .insertInto('device_keys')
      .values({
        public_id: 'ghostlan0001',
        secret_hash: 'x'.repeat(64),
        created_by: admin.id,
        created_on: new Date().toISOString(),
        workspace_id: workspaceId,
        revoked_on: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lan_printers')
      .values({
        device_key_id: ghostKey.id,
        kind: 'moonraker',
        url: 'http://10.0.0.9:7125',
        api_key_sealed: null,
        created_on: new Date().toISOString(),
      })
      .execute();
    await first.close();

    for (const file of [pathOf(keptKey), pathOf(deletedKey), cutUpload]) {
      await utimes(file, twoHoursAgo(), twoHoursAgo());
    }

    const second = await start();
    await eventually(async () => {
      expect(existsSync(pathOf(deletedKey))).toBe(false);
      expect(existsSync(cutUpload)).toBe(false);
    });
    expect(existsSync(pathOf(keptKey))).toBe(true);
    expect(existsSync(pathOf(youngKey))).toBe(true);
    const db2 = second.server.database.db;
    expect(await db2.selectFrom('lan_printers').selectAll().execute()).toEqual([]);
    const key = await db2
      .selectFrom('device_keys')
      .select('revoked_on')
      .where('id', '=', ghostKey.id)
      .executeTakeFirstOrThrow();
    expect(key.revoked_on).not.toBeNull();
    await eventually(async () => {
      expect(
        second.logs.find((line) => line.msg === 'orphans left by an earlier crash swept'),
      ).toMatchObject({
        lan_printers: 1,
        objects: 1,
      });
    });
    const download = await second.api(`/api/groups/${workspaceId}/files/${kept}/`, {
      token: admin.access,
    });
    expect(download.status).toBe(200);
  });
});
