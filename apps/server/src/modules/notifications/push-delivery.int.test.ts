import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import {
  startFakePushService,
  type PushDelivery,
} from '../../../test-support/fake-push-service.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { RUNNING_JOB_COLUMNS } from '../print-jobs/print-jobs.repository.js';
import { deviceKeyRow } from '../../../test-support/rows.js';

let t: TestServer;
let service: Awaited<ReturnType<typeof startFakePushService>>;
let member: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  service = await startFakePushService();
  ({ t, user: member } = await startServerWithUser({
    notificationOptions: { allowLocalPushEndpoints: true, delivery: { backoffSeconds: 0.2 } },
  }));
  workspaceId = await buildWorkspace(t, member, 'Makers');
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const subscribe = (body: unknown, token = member.access) =>
  t.api('/api/push/subscriptions/', { method: 'POST', token, body });

/** A print job ends the way the print jobs service ends it. */
async function endPrint(outcome: 'done' | 'failed'): Promise<number> {
  const db = t.server.database.db;
  const device = await db
    .insertInto('device_keys')
    .values(
      deviceKeyRow({
        publicId: `k${Math.random()}`,
        createdBy: member.id,
        createdOn: new Date().toISOString(),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await db
    .insertInto('print_jobs')
    .values({
      workspace_id: workspaceId,
      file_id: null,
      file_name: 'gear.gcode',
      printer_id: null,
      printer_name: 'Prusa',
      device_key_id: device.id,
      user_id: member.id,
      username: member.email,
      started_on: new Date().toISOString(),
      ...RUNNING_JOB_COLUMNS,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.server.services.printJobs.endJob(job.id, outcome);
  return job.id;
}

describe('browser push', () => {
  it('generates the VAPID key pair once into the data directory, readable by the owner only', async () => {
    const config = await t.api('/api/push/', { token: member.access });
    expect(config.status).toBe(200);
    const file = path.join(t.config.dataDir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(config.body.public_key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses what is not a push subscription', async () => {
    const bad = await subscribe({ endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(['endpoint']);
    const missing = await subscribe({ endpoint: 'https://push.example.com/x' });
    expect(missing.status).toBe(400);
  });

  it("delivers print done and failed to the member's browser, signed and encrypted", async () => {
    const browser = service.subscribeBrowser();
    expect((await subscribe(browser)).status).toBe(204);
    await endPrint('done');
    await endPrint('failed');
    await eventually(() => {
      expect(service.deliveries).toHaveLength(2);
      return Promise.resolve();
    }, 10_000);
    const [done, failed] = service.deliveries as [PushDelivery, PushDelivery];
    const { public_key } = (await t.api('/api/push/', { token: member.access })).body;
    expect(done).toMatchObject({
      path: new URL(browser.endpoint).pathname,
      isSignatureValid: true,
      audience: service.origin,
      publicKey: public_key,
      ttl: '3600',
      payload: {
        title: 'Print finished',
        body: 'Printer: Prusa\nFile: gear.gcode\nWorkspace: Makers',
        url: 'http://printdeck.test/',
      },
    });
    expect(failed.payload).toMatchObject({ title: 'Print failed' });
  });

  it('removes the subscription when the push service says it is gone (410)', async () => {
    const browser = service.subscribeBrowser();
    await subscribe(browser);
    service.expire(browser.endpoint);
    const jobId = await endPrint('done');
    await eventually(async () => {
      const rows = await t.server.database.db
        .selectFrom('notification_outbox')
        .selectAll()
        .where('idempotency_key', 'like', `print_job:${jobId}:%`)
        .where('state', '=', 'failed')
        .execute();
      expect(rows.map((r) => r.last_error)).toEqual(['Push service: 410, subscription removed']);
    }, 10_000);
    const left = await t.server.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .execute();
    expect(left.map((r) => r.endpoint)).not.toContain(browser.endpoint);
    expect(left).toHaveLength(1);
  });

  it('opting out removes only my own browser', async () => {
    const browser = service.subscribeBrowser();
    await subscribe(browser);
    const other = await buildUser(t);
    const foreign = await t.api('/api/push/subscriptions/', {
      method: 'DELETE',
      token: other.access,
      body: { endpoint: browser.endpoint },
    });
    expect(foreign.status).toBe(204);
    const count = () =>
      t.server.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', browser.endpoint)
        .execute();
    expect(await count()).toHaveLength(1);
    await t.api('/api/push/subscriptions/', {
      method: 'DELETE',
      token: member.access,
      body: { endpoint: browser.endpoint },
    });
    expect(await count()).toHaveLength(0);
  });
});
