import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import { insertRunningJob } from '../../../test-support/running-jobs.js';
import {
  startServerWithWorkspace,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';
import {
  startWebhookReceiver,
  WEBHOOK_TEST_SERVER,
  type WebhookReceiver,
  type WebhookRequest,
} from '../../../test-support/webhook-receiver.js';

/** What a receiver does: recompute the HMAC over "<t>.<body>". */
function verify(secret: string, received: WebhookRequest): boolean {
  const header = String(received.headers['x-printdeck-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac('sha256', secret)
    .update(`${match[1]}.${received.body}`)
    .digest('hex');
  return expected === match[2];
}

/** A receiver during a rotation: any of the header's v1 signatures made with its secret. */
function signatures(received: WebhookRequest): { t: string; v1: string[] } {
  const header = String(received.headers['x-printdeck-signature'] ?? '');
  const parts = header.split(',').map((part) => part.split('='));
  return {
    t: parts.find(([k]) => k === 't')?.[1] ?? '',
    v1: parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? ''),
  };
}
function verifyAny(secret: string, received: WebhookRequest): boolean {
  const { t: stamp, v1 } = signatures(received);
  const expected = createHmac('sha256', secret).update(`${stamp}.${received.body}`).digest('hex');
  return v1.includes(expected);
}

let t: TestServer;
let receiver: WebhookReceiver;
let owner: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace(WEBHOOK_TEST_SERVER));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer([]);
});

async function createWebhook(events: string[] = ['job.finished']) {
  const response = await t.api(`/api/groups/${workspaceId}/webhooks/`, {
    method: 'POST',
    token: owner.access,
    body: { url: receiver.url, events },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; secret: string };
}

async function deliveriesOf(id: number) {
  const response = await t.api(`/api/groups/${workspaceId}/webhooks/${id}/deliveries/`, {
    token: owner.access,
  });
  return response.body.results as Array<Record<string, unknown>>;
}

describe('webhooks', () => {
  it('refuses a private address unless its network is allowed, naming the field', async () => {
    const closed = await startTestServer();
    try {
      const user = await buildUser(closed);
      const space = await buildWorkspace(closed, user);
      const response = await closed.api(`/api/groups/${space}/webhooks/`, {
        method: 'POST',
        token: user.access,
        body: { url: 'http://127.0.0.1:9/hook', events: ['job.finished'] },
      });
      expect(response.status).toBe(400);
      expect(response.body.details.url[0]).toContain('not a public address');
      const bad = await closed.api(`/api/groups/${space}/webhooks/`, {
        method: 'POST',
        token: user.access,
        body: { url: 'ftp://example.com/', events: [] },
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.details).sort()).toEqual(['events', 'url']);
    } finally {
      await closed.close();
    }
  });

  it('sends a signed test that the receiver can verify, and logs its answer', async () => {
    const hook = await createWebhook();
    expect(hook.secret).toMatch(/^whsec_/);
    const listed = await t.api(`/api/groups/${workspaceId}/webhooks/`, { token: owner.access });
    expect(listed.text).not.toContain(hook.secret);
    const test = await t.api(`/api/groups/${workspaceId}/webhooks/${hook.id}/test/`, {
      method: 'POST',
      token: owner.access,
    });
    expect(test.status).toBe(202);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    const [got] = receiver.received;
    expect(verify(hook.secret, got!)).toBe(true);
    expect(verify('whsec_wrong', got!)).toBe(false);
    expect(got!.headers['x-printdeck-event']).toBe('webhook.test');
    expect(got!.headers['idempotency-key']).toBe(test.body.event_id);
    expect(JSON.parse(got!.body)).toMatchObject({
      event: 'webhook.test',
      workspace_id: workspaceId,
    });
    await vi.waitFor(async () =>
      expect((await deliveriesOf(hook.id))[0]).toMatchObject({
        state: 'sent',
        last_status: 200,
        last_response: 'thanks',
        attempts: 1,
      }),
    );
  });

  it('retries a 503 with backoff under the same idempotency key, once per event', async () => {
    const hook = await createWebhook(['job.failed']);
    receiver.answer([503, 200]);
    const jobId = await insertRunningJob(t, { workspaceId, user: owner });
    await t.server.services.printJobs.endJob(jobId, 'failed');
    await vi.waitFor(
      async () =>
        expect((await deliveriesOf(hook.id))[0]).toMatchObject({ state: 'sent', attempts: 2 }),
      { timeout: 10_000 },
    );
    const mine = receiver.received.filter((r) => r.headers['x-printdeck-event'] === 'job.failed');
    expect(mine).toHaveLength(2);
    expect(mine[0]!.headers['idempotency-key']).toBe(`print_job:${jobId}:failed`);
    expect(mine[1]!.headers['idempotency-key']).toBe(mine[0]!.headers['idempotency-key']);
    expect(JSON.parse(mine[1]!.body).data).toMatchObject({ job_id: jobId, outcome: 'failed' });
    // the same event again adds no delivery
    await t.server.database.db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom('print_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      await t.server.services.webhooks.events.onJobEnded(trx, job);
    });
    expect((await deliveriesOf(hook.id)).filter((d) => d.event === 'job.failed')).toHaveLength(1);
  });

  it('gives up at once on a 4xx other than 408/429 and tells nobody else', async () => {
    const hook = await createWebhook(['job.cancelled']);
    receiver.answer([410]);
    const test = await t.api(`/api/groups/${workspaceId}/webhooks/${hook.id}/test/`, {
      method: 'POST',
      token: owner.access,
    });
    expect(test.status).toBe(202);
    await vi.waitFor(
      async () =>
        expect((await deliveriesOf(hook.id))[0]).toMatchObject({
          state: 'failed',
          last_status: 410,
          attempts: 1,
        }),
      { timeout: 10_000 },
    );
  });

  it("is the admins' business: another workspace's webhook is 404, a plain member 403", async () => {
    const hook = await createWebhook();
    const stranger = await buildUser(t);
    const elsewhere = await buildWorkspace(t, stranger);
    const cross = await t.api(`/api/groups/${elsewhere}/webhooks/${hook.id}/`, {
      method: 'PATCH',
      token: stranger.access,
      body: { is_enabled: false },
    });
    expect(cross.status).toBe(404);
    const outsider = await t.api(`/api/groups/${workspaceId}/webhooks/`, {
      token: stranger.access,
    });
    expect(outsider.status).toBe(404);
    const member = await buildUser(t);
    await addMember(t, workspaceId, member, 'user');
    const denied = await t.api(`/api/groups/${workspaceId}/webhooks/`, { token: member.access });
    expect(denied.status).toBe(403);
    const removed = await t.api(`/api/groups/${workspaceId}/webhooks/${hook.id}/`, {
      method: 'DELETE',
      token: owner.access,
    });
    expect(removed.status).toBe(204);
  });

  it('rotates the secret: shown once, the old one signs beside it until the grace ends', async () => {
    const hook = await createWebhook();
    const rotated = await t.api(`/api/groups/${workspaceId}/webhooks/${hook.id}/rotate-secret/`, {
      method: 'POST',
      token: owner.access,
      body: { grace_hours: 2 },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(hook.secret);
    const until = Date.parse(rotated.body.previous_secret_until as string);
    expect(until - Date.now()).toBeGreaterThan(7_000_000);
    const listed = await t.api(`/api/groups/${workspaceId}/webhooks/`, { token: owner.access });
    expect(listed.text).not.toContain(fresh);

    const sendTest = async () => {
      receiver.received.length = 0;
      const test = await t.api(`/api/groups/${workspaceId}/webhooks/${hook.id}/test/`, {
        method: 'POST',
        token: owner.access,
      });
      expect(test.status).toBe(202);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
      return receiver.received[0]!;
    };
    const during = await sendTest();
    expect(signatures(during).v1).toHaveLength(2);
    expect(verifyAny(fresh, during)).toBe(true);
    expect(verifyAny(hook.secret, during)).toBe(true);

    // the grace period is over: only the new secret signs
    await t.server.database.db
      .updateTable('webhooks')
      .set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', hook.id)
      .execute();
    const after = await sendTest();
    expect(signatures(after).v1).toHaveLength(1);
    expect(verify(fresh, after)).toBe(true);
    expect(verifyAny(hook.secret, after)).toBe(false);

    const member = await buildUser(t);
    await addMember(t, workspaceId, member, 'user');
    const denied = await t.api(`/api/groups/${workspaceId}/webhooks/${hook.id}/rotate-secret/`, {
      method: 'POST',
      token: member.access,
    });
    expect(denied.status).toBe(403);
  });

  it('a slow target holds two slots at most: a fast webhook is served before it answers', async () => {
    const answered: Array<{ path: string; at: number }> = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const finish = () => {
          answered.push({ path: request.url ?? '', at: performance.now() });
          response.writeHead(200).end('ok');
        };
        if (request.url === '/slow') void gate.then(finish);
        else finish();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // a server of its own: the slow target must hold its two requests for as long as the test
    // waits, which the file's 2 s delivery timeout ends first on a loaded machine (the attempts
    // were aborted, "The operation was aborted", before the fast one was served)
    const held = await startTestServer({
      env: { OUTGOING_ALLOWED_NETWORKS: '127.0.0.1/32' },
      webhookOptions: { timeoutMs: 120_000 },
      jobOptions: { pollMs: 50 },
    });
    try {
      const admin = await buildUser(held);
      const space = await buildWorkspace(held, admin);
      const deliveriesOf = async (id: number) =>
        (await held.api(`/api/groups/${space}/webhooks/${id}/deliveries/`, { token: admin.access }))
          .body.results as Array<Record<string, unknown>>;
      const add = async (path: string) =>
        (
          await held.api(`/api/groups/${space}/webhooks/`, {
            method: 'POST',
            token: admin.access,
            body: { url: `${base}${path}`, events: ['job.finished'] },
          })
        ).body as { id: number };
      const slow = await add('/slow');
      const fast = await add('/fast');
      // more slow deliveries than the runner has slots (16), queued first
      for (let i = 0; i < 20; i += 1) {
        await held.api(`/api/groups/${space}/webhooks/${slow.id}/test/`, {
          method: 'POST',
          token: admin.access,
        });
      }
      await held.api(`/api/groups/${space}/webhooks/${fast.id}/test/`, {
        method: 'POST',
        token: admin.access,
      });
      // the slow target answers nothing until the fast one was served
      await vi.waitFor(() => expect(answered.map((a) => a.path)).toEqual(['/fast']), {
        timeout: 10_000,
      });
      const slowDeliveries = await deliveriesOf(slow.id);
      expect(slowDeliveries.filter((d) => d.state === 'sending').length).toBeLessThanOrEqual(2);
      // none of them ended an attempt (listed whole when one did, to say how it ended)
      expect(slowDeliveries.filter((d) => d.attempts !== 0 && d.state !== 'sending')).toEqual([]);
      release();
      await vi.waitFor(
        async () =>
          expect((await deliveriesOf(slow.id)).every((d) => d.state === 'sent')).toBe(true),
        { timeout: 30_000 },
      );
    } finally {
      release();
      await held.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
