import path from 'node:path';
import { z } from 'zod';

export interface BackupSettings {
  /** where backups are written (and restored from by name) */
  dir: string;
  /** how often the leader writes one; null: only `npm run backup` */
  intervalMs: number | null;
  /** how many backups are kept; older ones are removed after a new one is complete */
  keep: number;
}

const NAMED: Record<string, number | null> = {
  off: null,
  hourly: 3_600_000,
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

/** `daily`, `hourly`, `weekly`, `off` or `<n>h` / `<n>m` → milliseconds; or why not. */
export function parseBackupSchedule(value: string): number | null | string {
  const text = value.trim().toLowerCase();
  if (text in NAMED) return NAMED[text]!;
  const match = /^(\d{1,5})\s*([hm])$/.exec(text);
  if (match) {
    const ms = Number(match[1]) * (match[2] === 'h' ? 3_600_000 : 60_000);
    if (ms >= 60_000) return ms;
  }
  return 'must be off, hourly, daily, weekly, or an interval such as 6h or 30m (at least 1m)';
}

/** The backup variables (issue 28), read with the others in config.schema.ts. */
export const BACKUP_ENV = {
  /** where `npm run backup` and the schedule write; default: ./backups beside DATA_DIR */
  BACKUP_DIR: z.string().trim().optional(),
  BACKUP_SCHEDULE: z.string().trim().default('off'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
};

export function readBackupSettings(env: {
  DATA_DIR: string;
  BACKUP_DIR?: string | undefined;
  BACKUP_SCHEDULE: string;
  BACKUP_KEEP: number;
}): BackupSettings | { problem: string } {
  const intervalMs = parseBackupSchedule(env.BACKUP_SCHEDULE);
  if (typeof intervalMs === 'string') {
    return { problem: `BACKUP_SCHEDULE="${env.BACKUP_SCHEDULE}": ${intervalMs}` };
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const dir = env.BACKUP_DIR
    ? path.resolve(env.BACKUP_DIR)
    : path.join(path.dirname(dataDir), 'backups');
  if (dir === dataDir || dir.startsWith(`${dataDir}${path.sep}`)) {
    return { problem: `BACKUP_DIR="${dir}" must not be inside DATA_DIR: a backup is not data` };
  }
  return { dir, intervalMs, keep: env.BACKUP_KEEP };
}
