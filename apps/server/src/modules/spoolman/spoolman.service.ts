import type { SpoolmanConnect, SpoolmanStatus } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Db } from '../../db/database.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { defineRecurringJob } from '../../jobs/job-kind.js';
import { moveQueuePrinterVersion } from '../print-queue/queue-printer-versions.repository.js';
import {
  describeSpoolmanFailure,
  type SpoolmanClient,
  type SpoolmanSpool,
  type SpoolmanTarget,
} from './spoolman-client.js';
import { toMirrorFields } from './spoolman-mirror.js';
import type { SpoolmanConnectionRow, SpoolmanRepository } from './spoolman.repository.js';

type Permission = 'VIEW_GROUP' | 'CHANGE_GROUP' | 'MANAGE_SPOOLS';

/**
 * A workspace's Spoolman server (issue 26, reference §4): connecting checks the address (the
 * outgoing SSRF rule, then `/info` and `/spool` must answer like Spoolman) before anything is
 * saved, then saves the connection and mirrors the spools in one transaction. The mirror is
 * refreshed by a recurring job and on demand; usage goes back through `spoolman.use` jobs.
 */
export function createSpoolmanService(deps: {
  db: Db;
  repository: SpoolmanRepository;
  client: SpoolmanClient;
  secrets: SecretBox;
  clock: Clock;
  requireWorkspacePermission(
    userId: number,
    workspaceId: number,
    permission: Permission,
  ): Promise<unknown>;
  /** the mirror changed: free printers may have work now */
  onMirrorChanged?: (workspaceId: number) => void;
}) {
  const { db, repository, client, secrets, clock } = deps;

  const targetOf = (row: SpoolmanConnectionRow): SpoolmanTarget => ({
    url: row.url,
    token: row.token_sealed === null ? null : secrets.open(row.token_sealed).toString('utf8'),
  });

  async function writeMirror(workspaceId: number, spools: SpoolmanSpool[], trx: Db) {
    const pending = await repository.pendingGramsBySpoolmanId(workspaceId, trx);
    await repository.mirrorSpools(
      workspaceId,
      spools.map((spool) => ({
        spoolmanId: spool.id,
        fields: toMirrorFields(spool, pending.get(spool.id) ?? 0),
      })),
      clock.now().toISOString(),
      trx,
    );
    // materials and grams left are what the queue's wait reasons read
    await moveQueuePrinterVersion(trx, { workspaceId });
  }

  async function status(workspaceId: number): Promise<SpoolmanStatus> {
    const row = await repository.findConnection(workspaceId);
    if (!row) return { connection: null };
    return {
      connection: {
        url: row.url,
        has_token: row.token_sealed !== null,
        version: row.version,
        connected_on: row.connected_on,
        synced_on: row.synced_on,
        sync_error: row.sync_error,
        pending_usage_count: await repository.countPendingUsage(workspaceId),
      },
    };
  }

  /** Reads Spoolman's spools into the mirror; a failure is kept on the connection, not thrown. */
  async function syncWorkspace(workspaceId: number): Promise<void> {
    const row = await repository.findConnection(workspaceId);
    if (!row) return;
    let spools: SpoolmanSpool[];
    try {
      spools = await client.listSpools(targetOf(row));
    } catch (error) {
      await repository.setSyncResult(workspaceId, { sync_error: describeSpoolmanFailure(error) });
      return;
    }
    await db.transaction().execute(async (trx) => {
      // disconnected meanwhile: nothing to mirror into
      if (!(await repository.findConnection(workspaceId, trx))) return;
      await writeMirror(workspaceId, spools, trx);
      await repository.setSyncResult(
        workspaceId,
        { synced_on: clock.now().toISOString(), sync_error: null },
        trx,
      );
    });
    deps.onMirrorChanged?.(workspaceId);
  }

  return {
    async getStatus(userId: number, workspaceId: number): Promise<SpoolmanStatus> {
      await deps.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return status(workspaceId);
    },

    /** Saves the connection only when the address answers like Spoolman; all or nothing. */
    async connect(
      userId: number,
      workspaceId: number,
      input: SpoolmanConnect,
    ): Promise<SpoolmanStatus> {
      await deps.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      const target: SpoolmanTarget = { url: input.url, token: input.token || null };
      let version: string;
      let spools: SpoolmanSpool[];
      try {
        version = await client.readVersion(target);
        spools = await client.listSpools(target);
      } catch (error) {
        throw fieldError('url', describeSpoolmanFailure(error));
      }
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await repository.saveConnection(
          {
            workspace_id: workspaceId,
            url: input.url,
            token_sealed: target.token === null ? null : secrets.seal(Buffer.from(target.token)),
            version,
            connected_on: now,
            synced_on: now,
            sync_error: null,
          },
          trx,
        );
        await writeMirror(workspaceId, spools, trx);
      });
      deps.onMirrorChanged?.(workspaceId);
      return status(workspaceId);
    },

    /** Back to the built-in inventory: Spoolman's spools stay archived for the jobs' history. */
    async disconnect(userId: number, workspaceId: number): Promise<void> {
      await deps.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      await db.transaction().execute(async (trx) => {
        if (!(await repository.deleteConnection(workspaceId, trx))) {
          throw new AppError('not_found', 'This workspace is not connected to Spoolman.');
        }
        await repository.archiveMirror(workspaceId, clock.now().toISOString(), trx);
        await moveQueuePrinterVersion(trx, { workspaceId });
      });
      deps.onMirrorChanged?.(workspaceId);
    },

    async syncNow(userId: number, workspaceId: number): Promise<SpoolmanStatus> {
      await deps.requireWorkspacePermission(userId, workspaceId, 'MANAGE_SPOOLS');
      if (!(await repository.findConnection(workspaceId))) {
        throw new AppError('not_found', 'This workspace is not connected to Spoolman.');
      }
      await syncWorkspace(workspaceId);
      return status(workspaceId);
    },

    /** Whether the workspace's spools come from Spoolman (then they are edited there). */
    async isConnected(workspaceId: number, trx: Db = db): Promise<boolean> {
      return (await repository.findConnection(workspaceId, trx)) !== undefined;
    },

    syncWorkspace,

    /** Every connected workspace's mirror, refreshed once a period by one instance. */
    syncJob(everyMs: number) {
      return defineRecurringJob({
        name: 'spoolman.sync',
        everyMs,
        leaseMs: Math.max(everyMs * 2, 120_000),
        async run() {
          for (const workspaceId of await repository.listConnectedWorkspaces()) {
            await syncWorkspace(workspaceId);
          }
        },
      });
    },
  };
}

export type SpoolmanService = ReturnType<typeof createSpoolmanService>;
