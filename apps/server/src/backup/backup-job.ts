import type { Clock } from '../clock.js';
import { defineRecurringJob } from '../jobs/job-kind.js';
import type { ObjectStore } from '../storage/object-store.js';
import { createBackup } from './backup.js';

export interface ScheduledBackup {
  intervalMs: number;
  dir: string;
  keep: number;
  dataDir: string;
  databaseUrl: string | undefined;
  pgSchema?: string;
  objectStore?: ObjectStore;
}

/** BACKUP_SCHEDULE: one instance of the cluster writes a backup per period (the jobs runner). */
export function createScheduledBackupJob(settings: ScheduledBackup, clock: Clock) {
  return defineRecurringJob({
    name: 'backup.scheduled',
    everyMs: settings.intervalMs,
    leaseMs: 6 * 3_600_000,
    run: async () => {
      await createBackup({
        dataDir: settings.dataDir,
        databaseUrl: settings.databaseUrl,
        ...(settings.pgSchema ? { pgSchema: settings.pgSchema } : {}),
        ...(settings.objectStore ? { objectStore: settings.objectStore } : {}),
        backupDir: settings.dir,
        keep: settings.keep,
        clock,
      });
    },
  });
}
