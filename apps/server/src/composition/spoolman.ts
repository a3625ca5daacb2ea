import type { Clock } from '../clock.js';
import { createSecretBox } from '../crypto/secret-box.js';
import type { Db } from '../db/database.js';
import type { JobsRepository } from '../jobs/jobs.repository.js';
import { createNetworkPolicy, type LanNetwork } from '../modules/lan-printers/lan-networks.js';
import { createSpoolmanClient } from '../modules/spoolman/spoolman-client.js';
import {
  createSpoolmanUsage,
  SPOOLMAN_USAGE_DEFAULTS,
  type SpoolmanUsageOptions,
} from '../modules/spoolman/spoolman-usage-job.js';
import { createSpoolmanRepository } from '../modules/spoolman/spoolman.repository.js';
import { createSpoolmanService } from '../modules/spoolman/spoolman.service.js';

export interface SpoolmanOptions extends SpoolmanUsageOptions {
  /** how often every connected workspace's spools are read again */
  syncEveryMs: number;
}

const SPOOLMAN_DEFAULTS: SpoolmanOptions = { ...SPOOLMAN_USAGE_DEFAULTS, syncEveryMs: 60_000 };

/** Spoolman (issue 26): the connection service, the usage job kind and the sync job. */
export function createSpoolmanServices(deps: {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  jobs: JobsRepository;
  /** OUTGOING_ALLOWED_NETWORKS: a Spoolman on the LAN needs its network listed */
  allowedNetworks: LanNetwork[];
  requireWorkspacePermission(
    userId: number,
    workspaceId: number,
    permission: 'VIEW_GROUP' | 'CHANGE_GROUP' | 'MANAGE_SPOOLS',
  ): Promise<unknown>;
  onMirrorChanged?: (workspaceId: number) => void;
  options?: Partial<SpoolmanOptions>;
}) {
  const options = { ...SPOOLMAN_DEFAULTS, ...deps.options };
  const repository = createSpoolmanRepository(deps.db);
  const secrets = createSecretBox(deps.jwtSecret, 'spoolman-token');
  const client = createSpoolmanClient({
    allowed: createNetworkPolicy(deps.allowedNetworks),
    timeoutMs: options.timeoutMs,
  });
  const service = createSpoolmanService({
    db: deps.db,
    repository,
    client,
    secrets,
    clock: deps.clock,
    requireWorkspacePermission: deps.requireWorkspacePermission,
    ...(deps.onMirrorChanged ? { onMirrorChanged: deps.onMirrorChanged } : {}),
  });
  const usage = createSpoolmanUsage({
    repository,
    client,
    secrets,
    jobs: deps.jobs,
    clock: deps.clock,
    options,
  });
  return { service, usage, syncJob: service.syncJob(options.syncEveryMs) };
}
