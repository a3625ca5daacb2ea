import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, type BuiltUser } from '../../../test-support/factories.js';
import {
  startChatReceiver,
  type ChatReceiver,
  type ChatService,
} from '../../../test-support/chat-receivers.js';
import { createJobsRepository } from '../../jobs/jobs.repository.js';
import { insertRunningJob } from '../../../test-support/running-jobs.js';
import {
  startServerWithWorkspace,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
const receivers = {} as Record<ChatService, ChatReceiver>;
const NTFY_TOKEN = 'tk_testtokentesttokentesttoken1';

beforeAll(async () => {
  receivers.ntfy = await startChatReceiver('ntfy', { token: NTFY_TOKEN });
  receivers.discord = await startChatReceiver('discord');
  receivers.slack = await startChatReceiver('slack');
  ({
    t,
    user: owner,
    workspaceId,
  } = await startServerWithWorkspace({
    env: { OUTGOING_ALLOWED_NETWORKS: '127.0.0.1/32' },
    notificationOptions: { delivery: { backoffSeconds: 0.2, maxAttempts: 4 }, chatTimeoutMs: 3000 },
    jobOptions: { pollMs: 50 },
  }));
});
afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(receivers).map((r) => r.close()));
});

function clearReceivers() {
  for (const receiver of Object.values(receivers)) {
    receiver.seen.length = 0;
    receiver.problems.length = 0;
  }
}

async function addChannel(kind: ChatService, events = ['print_done', 'print_failed']) {
  const response = await t.api('/api/notifications/channels/', {
    method: 'POST',
    token: owner.access,
    body: {
      kind,
      name: `My ${kind}`,
      url: receivers[kind].url,
      events,
      ...(kind === 'ntfy' ? { topic: 'printdeck-farm', token: NTFY_TOKEN } : {}),
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; url: string; has_token: boolean };
}

async function removeChannel(id: number) {
  const response = await t.api(`/api/notifications/channels/${id}/`, {
    method: 'DELETE',
    token: owner.access,
  });
  expect(response.status).toBe(204);
}

async function endNewJob(outcome: 'done' | 'failed'): Promise<number> {
  const jobId = await insertRunningJob(
    t,
    { workspaceId, user: owner },
    { printer_name: 'MK4 <one>' },
  );
  await t.server.services.printJobs.endJob(jobId, outcome);
  return jobId;
}

const outboxOf = (jobId: number) =>
  t.server.database.db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('idempotency_key', 'like', `print_job:${jobId}:%`)
    .orderBy('id')
    .execute();

describe('ntfy, Discord and Slack channels', () => {
  it('refuses a private address unless its network is allowed, naming the field', async () => {
    const closed = await startTestServer();
    try {
      const user = await buildUser(closed);
      const response = await closed.api('/api/notifications/channels/', {
        method: 'POST',
        token: user.access,
        body: { kind: 'slack', name: 'x', url: receivers.slack.url, events: ['print_done'] },
      });
      expect(response.status).toBe(400);
      expect(response.body.details.url[0]).toContain('not a public address');
      const noTopic = await closed.api('/api/notifications/channels/', {
        method: 'POST',
        token: user.access,
        body: { kind: 'ntfy', name: 'x', url: 'https://ntfy.sh', events: ['print_done'] },
      });
      expect(noTopic.status).toBe(400);
      expect(Object.keys(noTopic.body.details)).toEqual(['topic']);
    } finally {
      await closed.close();
    }
  });

  it('sends a test on each kind in its documented shape, and masks secret URLs', async () => {
    clearReceivers();
    const ids: number[] = [];
    for (const kind of ['ntfy', 'discord', 'slack'] as const) {
      const channel = await addChannel(kind);
      ids.push(channel.id);
      if (kind !== 'ntfy') expect(channel.url).not.toContain('secret');
      if (kind === 'ntfy') expect(channel.has_token).toBe(true);
      const test = await t.api(`/api/notifications/channels/${channel.id}/test/`, {
        method: 'POST',
        token: owner.access,
      });
      expect(test.body, test.text).toMatchObject({ result: 'sent' });
      expect(receivers[kind].seen).toHaveLength(1);
    }
    const listed = await t.api('/api/notifications/channels/', { token: owner.access });
    expect(listed.text).not.toContain('secret');
    expect(listed.text).not.toContain(NTFY_TOKEN);
    for (const receiver of Object.values(receivers)) expect(receiver.problems).toEqual([]);
    const ntfy = receivers.ntfy.seen[0]!;
    expect(ntfy.headers.authorization).toBe(`Bearer ${NTFY_TOKEN}`);
    expect(ntfy.body).toMatchObject({
      topic: 'printdeck-farm',
      title: 'Printdeck test notification',
      priority: 3,
      click: 'http://printdeck.test/settings/notifications',
    });
    const discord = receivers.discord.seen[0]!;
    expect(discord.query.get('wait')).toBe('true');
    expect(discord.body.allowed_mentions).toEqual({ parse: [] });
    const slack = receivers.slack.seen[0]!;
    expect(slack.body.text).toContain('Printdeck test notification');
    // a channel the service refuses says so, with the service's words
    receivers.slack.answer([{ status: 404 }]);
    const refused = await t.api(`/api/notifications/channels/${ids[2]}/test/`, {
      method: 'POST',
      token: owner.access,
    });
    expect(refused.body.result).toBe('failed');
    expect(refused.body.message).toContain('slack answered 404');
    for (const id of ids) await removeChannel(id);
  });

  it('delivers a print event once per channel, priorities from its severity, escaped', async () => {
    clearReceivers();
    const ids = await Promise.all(
      (['ntfy', 'discord', 'slack'] as const).map(async (kind) => (await addChannel(kind)).id),
    );
    const jobId = await endNewJob('failed');
    await vi.waitFor(
      async () =>
        expect((await outboxOf(jobId)).map((r) => r.state)).toEqual(['sent', 'sent', 'sent']),
      { timeout: 10_000 },
    );
    // the same event told again adds nothing: one message per (event, channel)
    await t.server.database.db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom('print_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      await t.server.services.notifications.events.enqueuePrintJobEnd(trx, job);
    });
    expect(await outboxOf(jobId)).toHaveLength(3);
    for (const receiver of Object.values(receivers)) {
      expect(receiver.problems).toEqual([]);
      expect(receiver.seen).toHaveLength(1);
    }
    expect(receivers.ntfy.seen[0]!.body).toMatchObject({
      title: 'Print failed',
      priority: 4,
      click: 'http://printdeck.test/',
    });
    expect(String(receivers.ntfy.seen[0]!.body.message)).toContain('MK4 <one>');
    const embed = (receivers.discord.seen[0]!.body.embeds as Array<Record<string, unknown>>)[0]!;
    expect(embed).toMatchObject({ title: 'Print failed' });
    expect(String(embed.description)).toContain('benchy.gcode');
    // Slack mrkdwn: "<" would start a link, so it is escaped
    expect(String(receivers.slack.seen[0]!.body.text)).toContain('MK4 &lt;one&gt;');
    for (const id of ids) await removeChannel(id);
  });

  it("honours a 429's Retry-After, retries a 5xx, and gives up at once on a 404", async () => {
    clearReceivers();
    const discord = await addChannel('discord');
    const slack = await addChannel('slack');
    const ntfy = await addChannel('ntfy');
    receivers.discord.answer([{ status: 429, retryAfterSeconds: 2 }]);
    receivers.ntfy.answer([{ status: 503 }]);
    receivers.slack.answer([{ status: 404 }]);
    const jobId = await endNewJob('done');
    await vi.waitFor(
      async () => {
        const states = Object.fromEntries((await outboxOf(jobId)).map((r) => [r.channel, r]));
        expect(states.discord).toMatchObject({ state: 'sent', attempts: 2 });
        expect(states.ntfy).toMatchObject({ state: 'sent', attempts: 2 });
        expect(states.slack).toMatchObject({ state: 'failed', attempts: 1 });
        expect(states.slack!.last_error).toContain('slack answered 404');
      },
      { timeout: 15_000 },
    );
    const [first, second] = receivers.discord.seen;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1900);
    expect(receivers.slack.seen).toHaveLength(1);
    for (const id of [discord.id, slack.id, ntfy.id]) await removeChannel(id);
  });

  it('holds messages in quiet hours until they end; errors pierce when asked', async () => {
    clearReceivers();
    const channel = await addChannel('ntfy');
    const now = new Date();
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const end = new Date(now.getTime() + 2 * 3_600_000);
    const saved = await t.api('/api/notifications/preferences/', {
      method: 'PATCH',
      token: owner.access,
      body: {
        time_zone: 'UTC',
        quiet_hours: { start: hhmm(new Date(now.getTime() - 3_600_000)), end: hhmm(end) },
        errors_pierce: true,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const failed = await endNewJob('failed');
    const done = await endNewJob('done');
    await vi.waitFor(
      async () => expect((await outboxOf(failed))[0]).toMatchObject({ state: 'sent' }),
      { timeout: 10_000 },
    );
    const [held] = await outboxOf(done);
    expect(held).toMatchObject({ state: 'pending', attempts: 0 });
    const jobKey = `notification.deliver:${held!.idempotency_key}`;
    // the delivery job looked, and was put back to the end of the quiet hours
    const job = await vi.waitFor(
      async () => {
        const row = await t.server.database.db
          .selectFrom('background_jobs')
          .selectAll()
          .where('key', '=', jobKey)
          .executeTakeFirstOrThrow();
        expect(row.run_after.slice(11, 16)).toBe(hhmm(end));
        return row;
      },
      { timeout: 10_000 },
    );
    expect(job.kind).toBe('notification.chat');
    expect((await outboxOf(done))[0]).toMatchObject({ state: 'pending', attempts: 0 });
    expect(receivers.ntfy.seen.map((s) => s.body.title)).toEqual(['Print failed']);
    // the quiet hours end (here: removed, and the job is due): the message goes, once
    await t.api('/api/notifications/preferences/', {
      method: 'PATCH',
      token: owner.access,
      body: { quiet_hours: null },
    });
    await createJobsRepository(t.server.database.db).hurry(job.key, new Date().toISOString());
    t.server.services.jobs.wake();
    await vi.waitFor(
      async () => expect((await outboxOf(done))[0]).toMatchObject({ state: 'sent', attempts: 1 }),
      { timeout: 10_000 },
    );
    expect(receivers.ntfy.seen.map((s) => s.body.title)).toEqual([
      'Print failed',
      'Print finished',
    ]);
    await removeChannel(channel.id);
  });

  it('holds the day’s messages for one digest per channel at the chosen hour, once', async () => {
    clearReceivers();
    const channel = await addChannel('ntfy');
    const hour = (new Date().getUTCHours() + 3) % 24;
    await t.api('/api/notifications/preferences/', {
      method: 'PATCH',
      token: owner.access,
      body: { time_zone: 'UTC', quiet_hours: null, errors_pierce: true, digest_hour: hour },
    });
    const first = await endNewJob('done');
    const second = await endNewJob('done');
    const failed = await endNewJob('failed');
    await vi.waitFor(
      async () => {
        expect((await outboxOf(first))[0]!.state).toBe('held');
        expect((await outboxOf(second))[0]!.state).toBe('held');
        expect((await outboxOf(failed))[0]!.state).toBe('sent');
      },
      { timeout: 10_000 },
    );
    const digestJobs = await t.server.database.db
      .selectFrom('background_jobs')
      .selectAll()
      .where('kind', '=', 'notification.digest')
      .execute();
    expect(digestJobs).toHaveLength(1);
    expect(new Date(digestJobs[0]!.run_after).getUTCHours()).toBe(hour);
    expect(receivers.ntfy.seen.map((s) => s.body.title)).toEqual(['Print failed']);
    // the hour comes (the job made due): one digest, naming both prints
    await createJobsRepository(t.server.database.db).hurry(
      digestJobs[0]!.key,
      new Date().toISOString(),
    );
    t.server.services.jobs.wake();
    await vi.waitFor(() => expect(receivers.ntfy.seen).toHaveLength(2), { timeout: 10_000 });
    const digest = receivers.ntfy.seen[1]!.body;
    expect(digest).toMatchObject({ title: 'Printdeck daily digest', priority: 2 });
    expect(String(digest.message).match(/Print finished/g)).toHaveLength(2);
    expect((await outboxOf(first))[0]!.state).toBe('digested');
    expect(receivers.ntfy.problems).toEqual([]);
    await t.api('/api/notifications/preferences/', {
      method: 'PATCH',
      token: owner.access,
      body: { digest_hour: null },
    });
    await removeChannel(channel.id);
  });

  it('tells maintenance due (issue 26) to the channels that chose it, once per period', async () => {
    clearReceivers();
    const chose = await addChannel('ntfy', ['maintenance_due']);
    const other = await addChannel('discord', ['print_done', 'spool_low']);
    const due = {
      task: {
        id: 4242,
        name: 'Lubricate rods',
        last_done_on: '2026-01-01T00:00:00.000Z',
        workspace_id: workspaceId,
      },
      printer: { id: 77, name: 'MK4 farm 3' },
    };
    const tell = () =>
      t.server.database.db
        .transaction()
        .execute((trx) => t.server.services.notifications.events.enqueueMaintenanceDue(trx, due));
    await tell();
    await tell(); // a second ending in the same period adds nothing
    const rows = () =>
      t.server.database.db
        .selectFrom('notification_outbox')
        .select(['channel', 'state'])
        .where('idempotency_key', 'like', 'maintenance_due:4242:%')
        .execute();
    await vi.waitFor(
      async () => expect(await rows()).toEqual([{ channel: 'ntfy', state: 'sent' }]),
      {
        timeout: 10_000,
      },
    );
    expect(receivers.ntfy.problems).toEqual([]);
    expect(receivers.ntfy.seen).toHaveLength(1);
    expect(receivers.ntfy.seen[0]!.body).toMatchObject({
      title: 'Maintenance due',
      tags: ['wrench'],
    });
    expect(String(receivers.ntfy.seen[0]!.body.message)).toContain('Lubricate rods');
    expect(String(receivers.ntfy.seen[0]!.body.message)).toContain('MK4 farm 3');
    expect(receivers.discord.seen).toEqual([]);
    await removeChannel(chose.id);
    await removeChannel(other.id);
  });

  it("keeps each member's channels to themselves", async () => {
    const channel = await addChannel('slack');
    const stranger = await buildUser(t);
    for (const [method, path] of [
      ['PATCH', `/api/notifications/channels/${channel.id}/`],
      ['DELETE', `/api/notifications/channels/${channel.id}/`],
      ['POST', `/api/notifications/channels/${channel.id}/test/`],
    ] as const) {
      const response = await t.api(path, {
        method,
        token: stranger.access,
        ...(method === 'PATCH' ? { body: { name: 'mine' } } : {}),
      });
      expect(response.status).toBe(404);
    }
    const theirs = await t.api('/api/notifications/channels/', { token: stranger.access });
    expect(theirs.body.results).toEqual([]);
    await removeChannel(channel.id);
  });
});
