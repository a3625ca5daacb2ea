import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AppUnderTest } from './app-under-test.js';
import { makePng } from './files-world.js';

/**
 * A finished print with a made video, as the encode worker leaves it, written straight into the
 * instance (the video, poster and strip are PNG bytes: browsers read them all the same).
 */
export function seedPrintWithVideo(
  app: AppUnderTest,
  print: {
    workspaceId: number;
    username: string;
    fileName: string;
    fileId?: number;
    isPublic?: boolean;
  },
): void {
  const keys = ['mp4', 'jpg', 'jpg'].map(
    (extension) => `videos/${print.workspaceId}/${randomUUID()}.${extension}`,
  );
  mkdirSync(path.join(app.dataDir, 'videos', String(print.workspaceId)), { recursive: true });
  for (const key of keys) writeFileSync(path.join(app.dataDir, key), makePng(64, [40, 90, 200]));
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    const job = db
      .prepare(
        `INSERT INTO print_jobs (workspace_id, file_id, file_name, printer_id, printer_name,
          device_key_id, user_id, username, started_on, ended_on, outcome, make_video,
          video_state, filament_used_g, filament_used_mm, printing_time_sec)
         VALUES (?, ?, ?, NULL, 'Prusa', 1, NULL, ?, ?, ?, 'done', 1, 'READY', 3, 900, 600)`,
      )
      .run(print.workspaceId, print.fileId ?? null, print.fileName, print.username, now, now);
    db.prepare(
      `INSERT INTO videos (print_job_id, workspace_id, is_public, created_on, duration_sec,
        video_size, video_key, photo_key, strip_key)
       VALUES (?, ?, ?, ?, 12, 1000, ?, ?, ?)`,
    ).run(job.lastInsertRowid, print.workspaceId, print.isPublic ? 1 : 0, now, ...keys);
  } finally {
    db.close();
  }
}
