import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { FileStorage, StorageArea } from '../storage/file-storage.js';

/** Objects younger than this may belong to a write whose row is still on its way. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
const AREAS: StorageArea[] = ['files', 'previews', 'frames', 'videos', 'avatars'];

/** Every stored key a row still names. */
async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (key: string | null) => key !== null && keys.add(key);
  for (const row of await db.selectFrom('files').select('storage_key').execute()) {
    add(row.storage_key);
  }
  for (const row of await db.selectFrom('file_previews').select('storage_key').execute()) {
    add(row.storage_key);
  }
  for (const row of await db.selectFrom('video_frames').select('storage_key').execute()) {
    add(row.storage_key);
  }
  const videos = await db.selectFrom('videos').select(['video_key', 'photo_key', 'strip_key']);
  for (const row of await videos.execute()) {
    add(row.video_key);
    add(row.photo_key);
    add(row.strip_key);
  }
  const avatars = db
    .selectFrom('workspaces')
    .select(['id', 'avatar'])
    .where('avatar', 'is not', null);
  for (const row of await avatars.execute()) add(`avatars/${row.id}/${row.avatar}`);
  return keys;
}

/**
 * What a crash can leave behind (issue 23), swept at start: the bytes of files, previews,
 * frames and videos whose rows are gone (rows are deleted first, bytes after: a crash between
 * leaves bytes no one can reach), and LAN printers whose printer was never made (the key and
 * its LAN row are written first, the printer last). Bytes younger than an hour are left alone:
 * another instance may be writing them. Temp files of uploads cut off mid-way are swept by the
 * upload route at start and every 5 minutes (upload.route.ts).
 */
export function createOrphanSweep(deps: { db: Db; storage: FileStorage; clock: Clock }) {
  const { db, storage, clock } = deps;

  async function sweepObjects(): Promise<number> {
    const nowMs = clock.now().getTime();
    const old: string[] = [];
    for (const area of AREAS) {
      for (const object of await storage.listObjects(area)) {
        if (nowMs - object.mtimeMs > ORPHAN_GRACE_MS) old.push(object.key);
      }
    }
    if (old.length === 0) return 0;
    // read after listing: a row written in between names an object that is then kept
    const referenced = await referencedKeys(db);
    const orphans = old.filter((key) => !referenced.has(key));
    await storage.remove(orphans);
    return orphans.length;
  }

  /** LAN rows whose key has no printer: the key is revoked and the row removed. */
  async function sweepGhostLanPrinters(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const ghosts = await trx
        .selectFrom('lan_printers as l')
        .select('l.device_key_id')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('printers as p')
                .select('p.id')
                .whereRef('p.device_key_id', '=', 'l.device_key_id'),
            ),
          ),
        )
        .execute();
      const ids = ghosts.map((ghost) => ghost.device_key_id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('lan_printers').where('device_key_id', 'in', ids).execute();
      await trx
        .updateTable('device_keys')
        .set({ revoked_on: clock.now().toISOString() })
        .where('id', 'in', ids)
        .where('revoked_on', 'is', null)
        .execute();
      return ids.length;
    });
  }

  return {
    sweepObjects,
    sweepGhostLanPrinters,

    /** Runs every sweep once and says what it removed; a failure is logged, never fatal. */
    async sweepAtStart(log: FastifyBaseLogger): Promise<void> {
      try {
        const lanPrinters = await sweepGhostLanPrinters();
        const objects = await sweepObjects();
        if (lanPrinters + objects > 0) {
          log.info(
            { lan_printers: lanPrinters, objects },
            'orphans left by an earlier crash swept',
          );
        }
      } catch (error) {
        log.warn({ err: error }, 'the orphan sweep at start failed');
      }
    },
  };
}
