import { copyFile, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { ObjectStore } from '../storage/object-store.js';
import { assertStorageKey } from '../storage/storage-keys.js';
import { runPgTool } from './pg-tools.js';
import { BACKUP_FORMAT, DATA_DIR_FILES, type BackupManifest } from './backup.js';
import { optionalPackage } from '../optional-package.js';

const loadPg = optionalPackage<typeof pg>('pg');

/** A restore that cannot be done as asked: said in one line, nothing written. */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  /** the backup's folder (printdeck-<time>) */
  backup: string;
  /** the fresh data directory to fill: missing or empty */
  dataDir: string;
  /** the fresh PostgreSQL database (no tables) when the backup is of PostgreSQL */
  databaseUrl: string | undefined;
  /** tests: the schema to restore into (as the dump names it) */
  pgSchema?: string;
  /** STORAGE_URL's store: local objects are uploaded to it; an S3 backup's keys are checked */
  objectStore?: ObjectStore;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** objects written (into the data directory or the store) */
  restoredObjects: number;
  /** keys of an S3 backup the store no longer holds */
  missingObjects: string[];
}

async function readManifest(backup: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(
      await readFile(path.join(backup, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
  } catch {
    throw new RestoreRefusedError(
      `${backup} is not a Printdeck backup (no readable manifest.json)`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new RestoreRefusedError(
      `${backup} has backup format ${manifest.format}; this version reads ${BACKUP_FORMAT}`,
    );
  }
  return manifest;
}

async function assertEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) {
    throw new RestoreRefusedError(
      `DATA_DIR=${dataDir} is not empty: restore only into a fresh data directory (nothing is overwritten)`,
    );
  }
}

async function assertEmptyDatabase(databaseUrl: string, pgSchema?: string): Promise<void> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from information_schema.tables
       where table_schema = coalesce($1, current_schema())`,
      [pgSchema ?? null],
    );
    if (Number(rows[0]?.count ?? 0) > 0) {
      throw new RestoreRefusedError(
        'DATABASE_URL names a database that has tables: restore only into a fresh, empty database',
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * Brings a backup back into a fresh data directory (and, for PostgreSQL, a fresh database):
 * refuses a non-empty target rather than mixing two installations.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const manifest = await readManifest(options.backup);
  await assertEmptyDataDir(options.dataDir);
  if (manifest.database === 'postgres' && !options.databaseUrl) {
    throw new RestoreRefusedError(
      'the backup is of PostgreSQL: set DATABASE_URL to a fresh database',
    );
  }
  if (manifest.database === 'sqlite' && options.databaseUrl) {
    throw new RestoreRefusedError('the backup is of SQLite: unset DATABASE_URL to restore it');
  }
  if (options.databaseUrl) {
    await assertEmptyDatabase(options.databaseUrl, options.pgSchema);
    await createExtensions(options.databaseUrl, manifest.extensions ?? []);
  }

  await mkdir(options.dataDir, { recursive: true });
  if (manifest.database === 'sqlite') {
    await copyFile(
      path.join(options.backup, 'database.sqlite'),
      path.join(options.dataDir, 'printdeck.sqlite'),
    );
  } else {
    await runPgTool(
      'pg_restore',
      ['--no-owner', '--exit-on-error', path.join(options.backup, 'database.dump')],
      options.databaseUrl!,
    );
  }
  for (const file of DATA_DIR_FILES) {
    await copyFile(path.join(options.backup, 'data', file), path.join(options.dataDir, file)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }

  let restoredObjects = 0;
  const missingObjects: string[] = [];
  if (manifest.storage === 'local') {
    const tmp = path.join(options.dataDir, 'tmp');
    await mkdir(tmp, { recursive: true });
    for (const { key } of manifest.objects) {
      const source = path.join(options.backup, 'objects', assertStorageKey(key));
      if (options.objectStore) {
        // into the S3 store: a copy in the temp area, which putFile takes
        const copy = path.join(tmp, `restore-${restoredObjects}`);
        await copyFile(source, copy);
        await options.objectStore.putFile(copy, key);
      } else {
        const target = path.join(options.dataDir, key);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(source, target);
      }
      restoredObjects += 1;
    }
    await rm(tmp, { recursive: true, force: true });
  } else if (options.objectStore) {
    for (const { key } of manifest.objects) {
      if ((await options.objectStore.sizeOf(key)) === null) missingObjects.push(key);
    }
  } else {
    throw new RestoreRefusedError(
      'the backup lists objects in an S3 store: set STORAGE_URL (and the S3_* settings) to that store',
    );
  }
  return { manifest, restoredObjects, missingObjects };
}

async function createExtensions(databaseUrl: string, extensions: string[]): Promise<void> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const name of extensions) {
      if (!/^[a-z0-9_]{1,63}$/.test(name)) continue; // names from our own manifest; quoted anyway
      await client.query(`create extension if not exists "${name}"`);
    }
  } finally {
    await client.end();
  }
}
