import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { eventually } from '../../test-support/fake-agent.js';
import { buildUser, buildWorkspace, type BuiltUser } from '../../test-support/factories.js';
import { buildTextGcode, uploadFile } from '../../test-support/files.js';
import { runOnPostgres, type TestStorage } from '../../test-support/test-database.js';
import {
  startServerWithWorkspace,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { startTestS3Server } from '../../test-support/s3-server.js';
import { createS3ObjectStore } from '../storage/s3-object-store.js';
import { createBackup, listBackups } from './backup.js';
import { restoreBackup, RestoreRefusedError } from './restore.js';

/**
 * Backups (issue 28): a backup taken while uploads go on, restored into an empty data directory
 * (and, on PostgreSQL, an empty database), holds every row committed before it began and the
 * object of every file row it holds; a restored server starts on it and serves those files.
 */
let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-backups-'));
const cleanups: Array<() => Promise<void> | void> = [
  () => rmSync(backupDir, { recursive: true, force: true }),
];

/** A fresh target: an empty data directory and, on PostgreSQL, a database of its own. */
async function freshTarget(source: TestServer = t): Promise<TestStorage> {
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'printdeck-restore-')), 'data');
  const base = source.storage.databaseUrl;
  let databaseUrl: string | undefined;
  if (base) {
    const name = `restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await runOnPostgres(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(() => runOnPostgres(base, `drop database if exists ${name} with (force)`));
  }
  const storage: TestStorage = {
    dataDir,
    databaseUrl,
    // the dump names the schema it was taken from; the new database gets the same one
    pgSchema: source.storage.pgSchema,
    cleanup: async () => rmSync(path.dirname(dataDir), { recursive: true, force: true }),
  };
  cleanups.push(() => storage.cleanup());
  return storage;
}

async function upload(index: number) {
  const response = await uploadFile(t, owner.access, workspaceId, {
    bytes: buildTextGcode({ extraLines: index % 7 }),
    filename: `part-${index}.gcode`,
  });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

beforeAll(async () => {
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace());
  for (let i = 0; i < 5; i += 1) await upload(i);
}, 60_000);

afterAll(async () => {
  await t?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('backup and restore', () => {
  it('backs up under load and restores every row and file into an empty target', async () => {
    const before = await t.server.database.db
      .selectFrom('files')
      .select(['id', 'storage_key', 'size'])
      .execute();
    // writes go on while the backup runs: uploads one after another until it is done
    let isBackingUp = true;
    let uploadedDuring = 0;
    const load = (async () => {
      for (let i = 100; isBackingUp; i += 1) {
        await upload(i);
        uploadedDuring += 1;
      }
    })();
    await upload(99); // at least one upload overlaps the backup's start
    const { path: written, manifest } = await createBackup({
      dataDir: t.config.dataDir,
      databaseUrl: t.storage.databaseUrl,
      ...(t.storage.pgSchema ? { pgSchema: t.storage.pgSchema } : {}),
      backupDir,
      keep: 5,
      clock: systemClock,
    });
    isBackingUp = false;
    await load;
    expect(uploadedDuring).toBeGreaterThan(0);
    expect(manifest.storage).toBe('local');
    expect(manifest.database).toBe(t.storage.databaseUrl ? 'postgres' : 'sqlite');

    const target = await freshTarget();
    const report = await restoreBackup({
      backup: written,
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}),
    });
    expect(report.restoredObjects).toBe(manifest.objects.length);

    const restored = await startTestServer({ storage: target });
    cleanups.unshift(() => restored.close());
    const rows = await restored.server.database.db
      .selectFrom('files')
      .select(['id', 'storage_key', 'size'])
      .execute();
    // every row committed before the backup began is there…
    for (const row of before) expect(rows).toContainEqual(row);
    expect(rows.length).toBeGreaterThan(before.length);
    // …and every file row the snapshot holds finds its object, whole
    for (const row of rows) {
      const file = path.join(target.dataDir, row.storage_key);
      expect(existsSync(file), row.storage_key).toBe(true);
      expect(statSync(file).size).toBe(row.size);
    }
    // the restored server knows its users (the same secret signs their sessions) and serves files
    const listed = await restored.api(`/api/groups/${workspaceId}/files/`, { token: owner.access });
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(rows.length);
  });

  it('refuses a target that is not empty, and keeps only BACKUP_KEEP backups', async () => {
    const options = {
      dataDir: t.config.dataDir,
      databaseUrl: t.storage.databaseUrl,
      ...(t.storage.pgSchema ? { pgSchema: t.storage.pgSchema } : {}),
      backupDir,
      keep: 2,
      clock: systemClock,
    };
    for (let i = 0; i < 3; i += 1) await createBackup(options);
    const kept = await listBackups(backupDir);
    expect(kept).toHaveLength(2);
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.partial'))).toEqual([]);

    const target = await freshTarget();
    writeFileSync(path.join(target.dataDir, '..', 'marker'), 'x');
    // a data directory with anything in it
    const nonEmpty = path.dirname(target.dataDir);
    await expect(
      restoreBackup({
        backup: path.join(backupDir, kept[1]!),
        dataDir: nonEmpty,
        databaseUrl: target.databaseUrl,
      }),
    ).rejects.toThrow(RestoreRefusedError);
    if (t.storage.databaseUrl) {
      // a database with tables: the live one
      await expect(
        restoreBackup({
          backup: path.join(backupDir, kept[1]!),
          dataDir: target.dataDir,
          databaseUrl: t.storage.databaseUrl,
          ...(t.storage.pgSchema ? { pgSchema: t.storage.pgSchema } : {}),
        }),
      ).rejects.toThrow(/has tables/);
    }
    expect(existsSync(target.dataDir)).toBe(false);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    '`npm run backup` and `npm run restore` do the same from the command line',
    async () => {
      const cliBackups = mkdtempSync(path.join(os.tmpdir(), 'printdeck-cli-backups-'));
      cleanups.push(() => rmSync(cliBackups, { recursive: true, force: true }));
      const cli = (args: string[], env: Record<string, string>) =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/backup/backup-cli.ts', ...args],
          { env: { PATH: process.env.PATH ?? '', ...env } },
        );
      const made = await cli(['backup'], { DATA_DIR: t.config.dataDir, BACKUP_DIR: cliBackups });
      expect(made.stdout).toMatch(
        /^Backup written: .*printdeck-\d{8}T\d{9}Z \(sqlite, \d+ objects\)/,
      );
      const [name] = await listBackups(cliBackups);
      const target = await freshTarget();
      const restored = await cli(['restore', path.join(cliBackups, name!)], {
        DATA_DIR: target.dataDir,
      });
      expect(restored.stdout).toMatch(/^Restored .* into .*: \d+ objects\n$/);
      expect(existsSync(path.join(target.dataDir, 'printdeck.sqlite'))).toBe(true);
      // a second restore into the now full directory is refused, in one line
      const again = await cli(['restore', path.join(cliBackups, name!)], {
        DATA_DIR: target.dataDir,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(again).toMatchObject({ code: 1 });
      expect((again as { stderr: string }).stderr).toMatch(/^DATA_DIR=.* is not empty/);
    },
    60_000,
  );

  it('BACKUP_SCHEDULE: the server writes a backup when the schedule is turned on, then per period', async () => {
    const scheduled = mkdtempSync(path.join(os.tmpdir(), 'printdeck-scheduled-'));
    cleanups.push(() => rmSync(scheduled, { recursive: true, force: true }));
    const server = await startTestServer({
      env: { BACKUP_SCHEDULE: '6h', BACKUP_DIR: scheduled, BACKUP_KEEP: '3' },
    });
    try {
      const [name] = await eventually(async () => {
        const names = await listBackups(scheduled);
        expect(names).toHaveLength(1);
        return names;
      }, 20_000);
      expect(existsSync(path.join(scheduled, name!, 'manifest.json'))).toBe(true);
      // the next one is due a period later: the job is put back once the backup is written,
      // so the directory can show before the job's row does (seen once on PostgreSQL)
      await eventually(async () => {
        const job = await server.server.database.db
          .selectFrom('background_jobs')
          .selectAll()
          .where('kind', '=', 'backup.scheduled')
          .executeTakeFirstOrThrow();
        expect(Date.parse(String(job.run_after)) - Date.now()).toBeGreaterThan(5 * 3_600_000);
      }, 20_000);
    } finally {
      await server.close();
    }
  });

  it('with S3 storage: the backup lists the keys, and a restore checks them against the bucket', async () => {
    const s3 = await startTestS3Server();
    cleanups.unshift(() => s3.close());
    const settings = await s3.createBucket('backed-up');
    const server = await startTestServer({ env: s3.envFor(settings) });
    cleanups.unshift(() => server.close());
    const user = await buildUser(server);
    const space = await buildWorkspace(server, user);
    const uploaded = await uploadFile(server, user.access, space, { bytes: buildTextGcode() });
    expect(uploaded.status).toBe(201);
    const store = createS3ObjectStore(settings);
    cleanups.unshift(() => store.close());
    const { path: written, manifest } = await createBackup({
      dataDir: server.config.dataDir,
      databaseUrl: server.storage.databaseUrl,
      ...(server.storage.pgSchema ? { pgSchema: server.storage.pgSchema } : {}),
      objectStore: store,
      backupDir,
      keep: 10,
      clock: systemClock,
    });
    expect(manifest.storage).toBe('s3');
    const row = await server.server.database.db
      .selectFrom('files')
      .select(['storage_key', 'size'])
      .executeTakeFirstOrThrow();
    expect(manifest.objects).toContainEqual({ key: row.storage_key, size: row.size });
    expect(existsSync(path.join(written, 'objects'))).toBe(false);

    const target = await freshTarget(server);
    const ok = await restoreBackup({
      backup: written,
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      ...(target.pgSchema ? { pgSchema: target.pgSchema } : {}),
      objectStore: store,
    });
    expect(ok.missingObjects).toEqual([]);
    // a key the bucket lost is reported, not silently skipped
    await store.remove([row.storage_key]);
    const again = await freshTarget(server);
    const missing = await restoreBackup({
      backup: written,
      dataDir: again.dataDir,
      databaseUrl: again.databaseUrl,
      ...(again.pgSchema ? { pgSchema: again.pgSchema } : {}),
      objectStore: store,
    });
    expect(missing.missingObjects).toEqual([row.storage_key]);
  });
});
