import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualOctoPrint, type VirtualOctoPrint } from '@printdeck/simulator';
import type { BuiltUser } from '@printdeck/server/test-support/factories.js';
import { eventually } from '@printdeck/server/test-support/fake-agent.js';
import { createApiClient, type TestServer } from '@printdeck/server/test-support/test-server.js';
import {
  spawnInstance,
  startSpawnedPair,
  type ChildInstance,
  type ClusterStorage,
  type InstancePair,
} from '@printdeck/server/test-support/cluster.js';
import {
  printerStateOn,
  waitForPrinterState,
} from '@printdeck/server/test-support/cluster-printers.js';
import { uploadGcode } from '@printdeck/server/test-support/print-queue.js';

/**
 * Issue 28: a LAN printer has one built-in agent across the cluster, on the instance holding
 * its lease, and another instance takes it over when that one dies. A1 and A2 run LAN mode in
 * their own processes (so one can be killed); B, here, has LAN mode off and only answers.
 */
const LAN = { LAN_PRINTER_NETWORKS: '127.0.0.0/8' };

let cluster: InstancePair<ChildInstance>;
let storage: ClusterStorage;
let sim: VirtualOctoPrint;
let b: TestServer;
let a1: ChildInstance;
let a2: ChildInstance;
let admin: BuiltUser;
let workspaceId: number;
let printerId: number;
let redis: Redis;

beforeAll(async () => {
  cluster = await startSpawnedPair({ aEnv: LAN });
  ({ storage, a: a1, b, admin, workspaceId } = cluster);
  redis = new Redis(storage.redisUrl);
  a2 = await spawnInstance(storage, LAN);
  sim = await startVirtualOctoPrint({ printer: { homingSeconds: 0 } });
}, 360_000);

afterAll(async () => {
  await a2?.stop();
  await sim?.close();
  await redis?.quit();
  await cluster?.close();
});

/** The instance id (host-pid-random) that holds the printer's lease. */
const leaseHolder = async (deviceKeyId: number) =>
  redis.get(`${storage.keyPrefix}lease:lan-printer:${deviceKeyId}`);

const jobOf = (jobId: number) =>
  b.server.database.db
    .selectFrom('print_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();

describe('LAN printers across instances', () => {
  it('one agent on one instance (the one that added it, as a rule); the other takes over when it dies, the print goes on', async () => {
    const created = await createApiClient(a1.url)('/api/lan-printers/', {
      method: 'POST',
      token: admin.access,
      body: {
        group: workspaceId,
        name: 'LAN cluster',
        kind: 'octoprint',
        url: sim.url,
        api_key: sim.apiKey,
      },
    });
    expect(created.status, created.text).toBe(201);
    printerId = created.body.id as number;
    const deviceKeyId = (
      await b.server.database.db
        .selectFrom('printers')
        .select('device_key_id')
        .where('id', '=', printerId)
        .executeTakeFirstOrThrow()
    ).device_key_id;
    await waitForPrinterState(b, admin, workspaceId, printerId, 'READY_TO_PRINT', 30_000);
    // one holder: the instance that added it, unless the other's reconcile (every 4 s) read the
    // new row before the adding instance took its lease, which is as good
    const holderId = await leaseHolder(deviceKeyId);
    const [holder, other] = holderId?.includes(`-${a1.child.pid}-`) ? [a1, a2] : [a2, a1];
    expect(holderId).toContain(`-${holder.child.pid}-`);

    const fileId = await uploadGcode(b, admin, workspaceId, 'lan-cube.gcode');
    const started = await b.api(`/api/printers/${printerId}/files/`, {
      method: 'POST',
      token: admin.access,
      body: { file_id: fileId, print: true, make_video: false },
    });
    expect(started.status, started.text).toBe(201);
    const jobId = started.body.printjob_id as number;
    await waitForPrinterState(b, admin, workspaceId, printerId, 'PRINTING', 30_000);

    await holder.kill();
    // the lease lapses (15 s) and the other's next reconcile (every 4 s) starts the agent there
    await eventually(async () => {
      expect(await leaseHolder(deviceKeyId)).toContain(`-${other.child.pid}-`);
    }, 40_000);
    await waitForPrinterState(b, admin, workspaceId, printerId, 'PRINTING', 30_000);
    // the print survived the move: its job never ended (not lost, not failed). While no
    // instance could see the printer it was `unknown`; the new holder's first reconcile makes
    // it `printing` again, which may land a moment after B reads the printer's state
    await eventually(async () => {
      expect(await jobOf(jobId)).toMatchObject({ outcome: 'printing', ended_on: null });
    }, 30_000);

    const cancelled = await b.api(`/api/printers/${printerId}/cancel/`, {
      method: 'POST',
      token: admin.access,
      body: {},
    });
    expect(cancelled.status, cancelled.text).toBeLessThan(300);
    const ended = await eventually(async () => {
      const job = await jobOf(jobId);
      expect(job.ended_on).not.toBeNull();
      return job;
    }, 30_000);
    expect(ended.outcome).toBe('cancelled');
    // ended once: a second end would have moved the time or the outcome
    await eventually(async () => {
      expect(await printerStateOn(b, admin, workspaceId, printerId)).not.toBe('PRINTING');
    }, 30_000);
    expect(await jobOf(jobId)).toMatchObject({ outcome: 'cancelled', ended_on: ended.ended_on });
  }, 180_000);
});
