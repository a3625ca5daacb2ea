import { z } from 'zod';
import { HomeAssistantStatusSchema, type HomeAssistantStatus } from '@printdeck/shared';
import type { Bulletins } from '../../cluster/cluster.js';

const BULLETIN = 'home-assistant';
/** The leader posts at least this often… */
const POST_EVERY_MS = 2_000;
/** …and a post lapses after this: a dead leader's status goes away, the others say standby. */
const POST_TTL_MS = 10_000;

const PostedSchema = z.record(z.string(), HomeAssistantStatusSchema);

export interface SharedBridgeStatusOptions {
  bulletins: Bulletins;
  isLeader(): boolean;
  /** the workspaces MQTT_WORKSPACE_KEYS names */
  workspaceIds: number[];
  /** this instance's own bridge: the real status on the leader, standby elsewhere */
  status(workspaceId: number): HomeAssistantStatus;
  /** as often as the bridge reads the printers, at most every 2 s */
  stateIntervalMs: number;
}

/**
 * Only the cluster's leader runs the Home Assistant bridge (issue 28). It posts every
 * workspace's status as a bulletin (Redis with REDIS_URL) and every other instance answers with
 * that, so the settings screen shows the bridge's real state whichever instance serves it;
 * standby only while no leader has posted.
 */
export function shareBridgeStatus(options: SharedBridgeStatusOptions) {
  const { bulletins } = options;
  let timer: NodeJS.Timeout | null = null;

  async function post(): Promise<void> {
    if (!options.isLeader()) return;
    const report = Object.fromEntries(options.workspaceIds.map((id) => [id, options.status(id)]));
    await bulletins.post(BULLETIN, JSON.stringify(report), POST_TTL_MS);
  }

  async function readPosted(workspaceId: number): Promise<HomeAssistantStatus | null> {
    const text = await bulletins.read(BULLETIN);
    if (!text) return null;
    try {
      const posted = PostedSchema.safeParse(JSON.parse(text));
      return posted.success ? (posted.data[String(workspaceId)] ?? null) : null;
    } catch {
      return null;
    }
  }

  return {
    start(): void {
      timer = setInterval(() => void post(), Math.min(POST_EVERY_MS, options.stateIntervalMs));
      void post();
    },
    /** The leader withdraws its post: its bridge is gone. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      if (options.isLeader()) await bulletins.remove(BULLETIN);
    },
    /** The leader's status of the workspace; this instance's own when it leads or none posted. */
    async read(workspaceId: number): Promise<HomeAssistantStatus> {
      const own = options.status(workspaceId);
      if (own.state !== 'standby') return own;
      return (await readPosted(workspaceId)) ?? own;
    },
  };
}
