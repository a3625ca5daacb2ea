import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SpoolmanConnectionsTable } from '../../db/schema.js';
import { MIRROR_LOW_DEFAULT_G, type MirrorFields } from './spoolman-mirror.js';

export type SpoolmanConnectionRow = Selectable<SpoolmanConnectionsTable>;

/** The usage of an ended job on one tool, with where it goes back to. */
export interface PendingUsage {
  print_job_id: number;
  tool: number;
  spool_id: number;
  grams: number;
  spoolman_spool_id: number | null;
  spoolman_sent_on: string | null;
  workspace_id: number;
}

export function createSpoolmanRepository(db: Db) {
  return {
    findConnection(workspaceId: number, trx: Db = db) {
      return trx
        .selectFrom('spoolman_connections')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
    },

    async listConnectedWorkspaces(): Promise<number[]> {
      const rows = await db.selectFrom('spoolman_connections').select('workspace_id').execute();
      return rows.map((row) => row.workspace_id);
    },

    async saveConnection(row: SpoolmanConnectionRow, trx: Db): Promise<void> {
      await trx
        .insertInto('spoolman_connections')
        .values(row)
        .onConflict((oc) =>
          oc.column('workspace_id').doUpdateSet({
            url: row.url,
            token_sealed: row.token_sealed,
            version: row.version,
            connected_on: row.connected_on,
            synced_on: row.synced_on,
            sync_error: row.sync_error,
          }),
        )
        .execute();
    },

    async deleteConnection(workspaceId: number, trx: Db): Promise<boolean> {
      const result = await trx
        .deleteFrom('spoolman_connections')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async setSyncResult(
      workspaceId: number,
      result: { synced_on?: string; sync_error: string | null },
      trx: Db = db,
    ): Promise<void> {
      await trx
        .updateTable('spoolman_connections')
        .set(result)
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    /** Grams of ended jobs not yet written to Spoolman, per mirrored spool of the workspace. */
    async pendingGramsBySpoolmanId(workspaceId: number, trx: Db = db) {
      const rows = await trx
        .selectFrom('print_job_spool_usage as u')
        .innerJoin('spools as s', 's.id', 'u.spool_id')
        .select(['u.spoolman_spool_id', sql<number>`sum(u.grams)`.as('grams')])
        .where('s.workspace_id', '=', workspaceId)
        .where('u.spoolman_spool_id', 'is not', null)
        .where('u.spoolman_sent_on', 'is', null)
        .groupBy('u.spoolman_spool_id')
        .execute();
      return new Map(rows.map((row) => [row.spoolman_spool_id!, Number(row.grams)]));
    },

    async countPendingUsage(workspaceId: number): Promise<number> {
      const { n } = await db
        .selectFrom('print_job_spool_usage as u')
        .innerJoin('spools as s', 's.id', 'u.spool_id')
        .select(sql<number>`count(*)`.as('n'))
        .where('s.workspace_id', '=', workspaceId)
        .where('u.spoolman_spool_id', 'is not', null)
        .where('u.spoolman_sent_on', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * Makes the workspace's mirror what Spoolman holds: new spools added, known ones updated
     * (the local low threshold stays), spools gone from Spoolman archived. Archived spools leave
     * the printer they were loaded on.
     */
    async mirrorSpools(
      workspaceId: number,
      spools: Array<{ spoolmanId: number; fields: MirrorFields }>,
      now: string,
      trx: Db,
    ): Promise<void> {
      const known = await trx
        .selectFrom('spools')
        .select(['id', 'spoolman_id'])
        .where('workspace_id', '=', workspaceId)
        .where('spoolman_id', 'is not', null)
        .execute();
      const localOf = new Map(known.map((row) => [row.spoolman_id!, row.id]));
      const seen = new Set<number>();
      for (const { spoolmanId, fields } of spools) {
        seen.add(spoolmanId);
        const localId = localOf.get(spoolmanId);
        if (localId === undefined) {
          await trx
            .insertInto('spools')
            .values({
              ...fields,
              workspace_id: workspaceId,
              spoolman_id: spoolmanId,
              low_threshold_g: MIRROR_LOW_DEFAULT_G,
              created_on: now,
              updated_on: now,
            })
            .execute();
        } else {
          await trx
            .updateTable('spools')
            .set({ ...fields, updated_on: now })
            .where('id', '=', localId)
            .execute();
        }
      }
      const gone = known.filter((row) => !seen.has(row.spoolman_id!)).map((row) => row.id);
      if (gone.length > 0) {
        await trx
          .updateTable('spools')
          .set({ is_archived: 1, updated_on: now })
          .where('id', 'in', gone)
          .execute();
      }
      await trx
        .deleteFrom('printer_spools')
        .where('spool_id', 'in', (eb) =>
          eb
            .selectFrom('spools')
            .select('id')
            .where('workspace_id', '=', workspaceId)
            .where('spoolman_id', 'is not', null)
            .where('is_archived', '=', 1),
        )
        .execute();
    },

    /** Leaving Spoolman: its spools stay for the jobs that used them, archived and unloaded. */
    async archiveMirror(workspaceId: number, now: string, trx: Db): Promise<void> {
      const mirrored = (eb: Db) =>
        eb
          .selectFrom('spools')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('spoolman_id', 'is not', null);
      await trx.deleteFrom('printer_spools').where('spool_id', 'in', mirrored(trx)).execute();
      await trx
        .updateTable('spools')
        .set({ is_archived: 1, updated_on: now })
        .where('workspace_id', '=', workspaceId)
        .where('spoolman_id', 'is not', null)
        .execute();
    },

    async spoolmanIdOf(spoolId: number, trx: Db): Promise<number | null> {
      const row = await trx
        .selectFrom('spools')
        .select('spoolman_id')
        .where('id', '=', spoolId)
        .executeTakeFirst();
      return row?.spoolman_id ?? null;
    },

    async markUsageForSpoolman(
      usage: { printJobId: number; tool: number; spoolmanId: number },
      trx: Db,
    ): Promise<void> {
      await trx
        .updateTable('print_job_spool_usage')
        .set({ spoolman_spool_id: usage.spoolmanId })
        .where('print_job_id', '=', usage.printJobId)
        .where('tool', '=', usage.tool)
        .execute();
    },

    findUsage(printJobId: number, tool: number): Promise<PendingUsage | undefined> {
      return db
        .selectFrom('print_job_spool_usage as u')
        .innerJoin('spools as s', 's.id', 'u.spool_id')
        .select([
          'u.print_job_id',
          'u.tool',
          'u.spool_id',
          'u.grams',
          'u.spoolman_spool_id',
          'u.spoolman_sent_on',
          's.workspace_id',
        ])
        .where('u.print_job_id', '=', printJobId)
        .where('u.tool', '=', tool)
        .executeTakeFirst();
    },

    /** Written to Spoolman (or dropped: `sentOn` null clears the mapping of a deleted spool). */
    async settleUsage(printJobId: number, tool: number, sentOn: string | null): Promise<void> {
      await db
        .updateTable('print_job_spool_usage')
        .set(sentOn === null ? { spoolman_spool_id: null } : { spoolman_sent_on: sentOn })
        .where('print_job_id', '=', printJobId)
        .where('tool', '=', tool)
        .where('spoolman_sent_on', 'is', null)
        .execute();
    },
  };
}

export type SpoolmanRepository = ReturnType<typeof createSpoolmanRepository>;
