import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Whose queue printers changed: a workspace, or the workspaces of a printer or of a device. */
export type QueuePrintersOf =
  { workspaceId: number } | { printerId: number } | { deviceKeyId: number };

/**
 * Moves the version of a workspace's queue printers (enabled, filament, plate), in the caller's
 * transaction: every write that changes what the queue's wait reasons read calls this in the
 * transaction of that write, so any instance that reads the version after the commit reads the
 * change with it (issue 31). A printer's workspace is looked up before it is deleted.
 */
export async function moveQueuePrinterVersion(trx: Db, of: QueuePrintersOf): Promise<void> {
  const first = sql<number>`1`.as('version');
  const source =
    'workspaceId' in of
      ? trx
          .selectFrom('workspaces')
          .select(['id as workspace_id', first])
          .where('id', '=', of.workspaceId)
      : trx
          .selectFrom('printers')
          .select(['workspace_id', first])
          .distinct()
          .where(
            'printerId' in of ? 'id' : 'device_key_id',
            '=',
            'printerId' in of ? of.printerId : of.deviceKeyId,
          );
  await trx
    .insertInto('queue_printer_versions')
    .columns(['workspace_id', 'version'])
    .expression(source)
    .onConflict((conflict) =>
      conflict.column('workspace_id').doUpdateSet({
        version: (eb) => eb('queue_printer_versions.version', '+', 1),
      }),
    )
    .execute();
}

/**
 * Moves the version, then runs `write`, in one transaction (or in the caller's, when given
 * one); first, so that a printer about to be deleted is still found.
 */
export function withQueuePrinterVersion<T>(
  db: Db,
  of: QueuePrintersOf,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  const run = async (trx: Db) => {
    await moveQueuePrinterVersion(trx, of);
    return write(trx);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

export function createQueuePrinterVersionsRepository(db: Db) {
  return {
    async findVersion(workspaceId: number): Promise<number> {
      const row = await db
        .selectFrom('queue_printer_versions')
        .select('version')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return row?.version ?? 0;
    },
  };
}

export type QueuePrinterVersionsRepository = ReturnType<
  typeof createQueuePrinterVersionsRepository
>;
