import path from 'node:path';
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { createS3ObjectStore } from '../storage/s3-object-store.js';
import { createBackup } from './backup.js';
import { restoreBackup, RestoreRefusedError } from './restore.js';

/**
 * `npm run backup` writes a backup under BACKUP_DIR (retention BACKUP_KEEP);
 * `npm run restore -- <backup folder>` restores one into a fresh DATA_DIR (and DATABASE_URL).
 * The same environment as the server's tells where everything is (docs/deploy.md).
 */
async function main(argv: string[]): Promise<number> {
  const [command, target] = argv;
  const config = loadConfig();
  const objectStore = config.s3 ? createS3ObjectStore(config.s3) : undefined;
  try {
    if (command === 'backup') {
      const { path: written, manifest } = await createBackup({
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        ...(objectStore ? { objectStore } : {}),
        backupDir: config.backup.dir,
        keep: config.backup.keep,
        clock: systemClock,
      });
      process.stdout.write(
        `Backup written: ${written} (${manifest.database}, ${manifest.objects.length} objects${manifest.storage === 's3' ? ' listed in the S3 store' : ''})\n`,
      );
      return 0;
    }
    if (command === 'restore' && target) {
      const report = await restoreBackup({
        backup: path.resolve(target),
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        ...(objectStore ? { objectStore } : {}),
      });
      process.stdout.write(
        `Restored ${report.manifest.created_at} into ${config.dataDir}: ${report.restoredObjects} objects` +
          (report.missingObjects.length
            ? `; ${report.missingObjects.length} objects the backup lists are missing from the store`
            : '') +
          '\n',
      );
      return report.missingObjects.length ? 1 : 0;
    }
    process.stderr.write('Usage: npm run backup | npm run restore -- <backup folder>\n');
    return 2;
  } finally {
    objectStore?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof RestoreRefusedError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Error: ${(error as Error).message}\n`);
    }
    process.exit(1);
  },
);
