import { constants as fsConstants, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { RELEASE_VERSION } from '@printdeck/shared';
import type { Clock } from '../clock.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { StorageArea } from '../storage/storage-keys.js';
import { runPgTool } from './pg-tools.js';
import { optionalPackage } from '../optional-package.js';

const loadPg = optionalPackage<typeof pg>('pg');

export const STORAGE_AREAS: StorageArea[] = ['files', 'previews', 'avatars', 'videos', 'frames'];
/** small files of the data directory a restored server needs: its secrets */
export const DATA_DIR_FILES = ['jwt-secret', 'vapid-keys.json'];
export const BACKUP_FORMAT = 1;
const NAME = /^printdeck-\d{8}T\d{6}\d{3}Z$/;

export interface BackupManifest {
  format: number;
  version: string;
  created_at: string;
  database: 'sqlite' | 'postgres';
  /** local: the objects are in objects/; s3: only their keys are listed (the bucket keeps them) */
  storage: 'local' | 's3';
  objects: Array<{ key: string; size: number | null }>;
  /** PostgreSQL extensions the schema uses (created first on restore: a dump of one schema lacks them) */
  extensions?: string[];
}

export interface BackupOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** tests: the PostgreSQL schema the server uses */
  pgSchema?: string;
  /** STORAGE_URL's store; absent: the data directory */
  objectStore?: ObjectStore;
  backupDir: string;
  keep: number;
  clock: Clock;
}

function backupName(clock: Clock): string {
  const iso = clock.now().toISOString(); // 2026-11-27T11:50:00.123Z
  return `printdeck-${iso.replace(/[-:]/g, '').replace('.', '')}`;
}

/**
 * The database as one consistent snapshot: SQLite's online backup API (one step, so the copy is
 * the database at one instant even while the server writes), or pg_dump (one transaction).
 */
async function snapshotDatabase(
  options: BackupOptions,
  target: string,
): Promise<'sqlite' | 'postgres'> {
  if (options.databaseUrl) {
    const args = ['--format=custom', '--no-owner', `--file=${path.join(target, 'database.dump')}`];
    if (options.pgSchema) args.push(`--schema=${options.pgSchema}`);
    await runPgTool('pg_dump', args, options.databaseUrl);
    return 'postgres';
  }
  const source = path.join(options.dataDir, 'printdeck.sqlite');
  if (!existsSync(source)) throw new Error(`no database at ${source}: is DATA_DIR right?`);
  const sqlite = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    // after the first (empty) step, copy every page in one step: no restart by a writer
    await sqlite.backup(path.join(target, 'database.sqlite'), { progress: () => 0x7fffffff });
  } finally {
    sqlite.close();
  }
  return 'sqlite';
}

/** The objects the snapshot may name: listed after it, so every row finds its file. */
async function copyObjects(
  options: BackupOptions,
  target: string,
): Promise<BackupManifest['objects']> {
  const objects: BackupManifest['objects'] = [];
  if (options.objectStore) {
    for (const area of STORAGE_AREAS) {
      for (const listed of await options.objectStore.list(area)) {
        objects.push({ key: listed.key, size: await options.objectStore.sizeOf(listed.key) });
      }
    }
    return objects;
  }
  const { createLocalObjectStore } = await import('../storage/local-object-store.js');
  const local = createLocalObjectStore(options.dataDir, path.join(options.dataDir, 'tmp'));
  for (const area of STORAGE_AREAS) {
    for (const listed of await local.list(area)) {
      const destination = path.join(target, 'objects', listed.key);
      await mkdir(path.dirname(destination), { recursive: true });
      try {
        // objects never change once written: a clone where the filesystem can, a copy otherwise
        await copyFile(
          path.join(options.dataDir, listed.key),
          destination,
          fsConstants.COPYFILE_FICLONE,
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
        throw error;
      }
      objects.push({ key: listed.key, size: (await stat(destination)).size });
    }
  }
  return objects;
}

/**
 * Writes one backup under BACKUP_DIR: the database snapshot first, then the objects (or, on S3,
 * their keys) and the data directory's secrets. It is written under a temporary name and
 * renamed when complete, so a half-written backup never counts; then the oldest beyond `keep`
 * are removed.
 */
export async function createBackup(
  options: BackupOptions,
): Promise<{ path: string; manifest: BackupManifest }> {
  await mkdir(options.backupDir, { recursive: true });
  const name = backupName(options.clock);
  const partial = path.join(options.backupDir, `.${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    const database = await snapshotDatabase(options, partial);
    const extensions = options.databaseUrl ? await listExtensions(options.databaseUrl) : undefined;
    const objects = await copyObjects(options, partial);
    await mkdir(path.join(partial, 'data'), { recursive: true });
    for (const file of DATA_DIR_FILES) {
      await copyFile(path.join(options.dataDir, file), path.join(partial, 'data', file)).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: RELEASE_VERSION,
      created_at: options.clock.now().toISOString(),
      database,
      storage: options.objectStore ? 's3' : 'local',
      objects,
      ...(extensions ? { extensions } : {}),
    };
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    const finished = path.join(options.backupDir, name);
    await rename(partial, finished);
    await pruneBackups(options.backupDir, options.keep);
    return { path: finished, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The complete backups in the folder, oldest first. */
export async function listBackups(backupDir: string): Promise<string[]> {
  const names = await readdir(backupDir).catch(() => [] as string[]);
  return names.filter((name) => NAME.test(name)).sort();
}

async function pruneBackups(backupDir: string, keep: number): Promise<void> {
  const all = await listBackups(backupDir);
  for (const name of all.slice(0, Math.max(0, all.length - keep))) {
    await rm(path.join(backupDir, name), { recursive: true, force: true });
  }
}

async function listExtensions(databaseUrl: string): Promise<string[]> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ extname: string }>(
      "select extname from pg_extension where extname <> 'plpgsql' order by extname",
    );
    return rows.map((row) => row.extname);
  } finally {
    await client.end();
  }
}
