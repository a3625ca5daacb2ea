import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  readyState,
  type FakeAgent,
} from '../../../test-support/fake-agent.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test-support/fake-telegram.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { signLoginData } from '../telegram/telegram-login.js';

const TOKEN = '777002:delivery-test-token-secret';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
let t: TestServer;
let bot: FakeTelegram;
let smtp: SmtpCapture;
let admin: BuiltUser;
let english: BuiltUser;
let quiet: BuiltUser;
let unlinked: BuiltUser;
let workspaceId: number;
let fileId: number;
let printerId: number;
let agent: FakeAgent;

async function linkTelegram(user: BuiltUser, chatId: number) {
  const data = { id: chatId, first_name: 'T', auth_date: Math.floor(Date.now() / 1000) };
  const response = await t.api('/api/telegram/register/', {
    method: 'POST',
    token: user.access,
    body: { telegram_data: { ...data, hash: signLoginData(data, TOKEN) } },
  });
  expect(response.status).toBe(200);
}

async function setSettings(user: BuiltUser, body: unknown) {
  const { id } = (
    await t.api(`/api/notifications/settings/?group_id=${workspaceId}`, { token: user.access })
  ).body;
  expect(
    (
      await t.api(`/api/notifications/settings/${id}/`, {
        method: 'PATCH',
        token: user.access,
        body,
      })
    ).status,
  ).toBe(200);
  return id as number;
}

beforeAll(async () => {
  bot = await startFakeTelegram(TOKEN);
  smtp = await startSmtpCapture();
  ({ t, user: admin } = await startServerWithUser({
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_NAME: 'PrintdeckTestBot',
      TELEGRAM_API_URL: bot.url,
      SMTP_URL: smtp.url,
    },
    gatewayLimits: { printStartTimeoutMs: 2000, snapshotTimeoutMs: 1000 },
    notificationOptions: { delivery: { backoffSeconds: 0.2, maxAttempts: 4 } },
  }));
  english = await buildUser(t);
  quiet = await buildUser(t);
  unlinked = await buildUser(t);
  workspaceId = await buildWorkspace(t, admin, 'Lab & Co');
  for (const user of [english, quiet, unlinked]) await addMember(t, workspaceId, user, 'user');
  await t.api('/api/users/me/', { method: 'PATCH', token: admin.access, body: { language: 'cs' } });
  await linkTelegram(admin, 7001);
  await linkTelegram(english, 7002);
  await linkTelegram(quiet, 7003);
  await setSettings(admin, { telegram: { enabled: true } });
  await setSettings(english, { telegram: { enabled: true } });
  await setSettings(quiet, { telegram: { enabled: true, printjob_event_done: false } });
  await setSettings(unlinked, { telegram: { enabled: true } });

  fileId = (
    await uploadFile(t, admin.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'benchy.gcode',
    })
  ).body.id;
  const key = (await t.api('/api/device_keys/', { method: 'POST', token: admin.access })).body
    .token;
  printerId = (
    await t.api('/api/printers/', {
      method: 'POST',
      token: admin.access,
      body: { group: workspaceId, name: '<b>MK4</b>', token: key },
    })
  ).body.id;
  agent = await connectFakeAgent(t.baseUrl, key);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
  agent.answer((request) => {
    if (request.command.name === 'print_file') return { ok: true, result: { started: true } };
    if (request.command.name === 'snapshot') {
      return {
        ok: true,
        result: { content_type: 'image/jpeg', data_base64: JPEG.toString('base64') },
      };
    }
    return undefined;
  });
});
afterAll(async () => {
  agent.close();
  await t.close();
  await bot.close();
  await smtp.close();
});

async function printAndEnd(event: 'job_finished' | 'job_failed'): Promise<number> {
  await eventually(async () => {
    const started = await t.api(`/api/printers/${printerId}/files/`, {
      method: 'POST',
      token: admin.access,
      body: { file_id: fileId, print: true, make_video: false },
    });
    expect(started.status).toBe(201);
    const jobId = started.body.printjob_id as number;
    agent.send({ type: 'event', name: event, job_id: jobId, data: {} });
    (printAndEnd as { last?: number }).last = jobId;
  });
  return (printAndEnd as { last?: number }).last!;
}

const outboxRows = (where: { kind?: string } = {}) =>
  t.server.database.db
    .selectFrom('notification_outbox')
    .selectAll()
    .$if(where.kind !== undefined, (q) => q.where('kind', '=', where.kind as 'print_done'))
    .orderBy('id')
    .execute();

const rowsOf = async (jobId: number) =>
  (await outboxRows()).filter((r) => r.idempotency_key.startsWith(`print_job:${jobId}:`));

const sentTo = (chatId: string) => bot.sent.filter((m) => m.chat_id === chatId);

describe('print done and failed on Telegram', () => {
  it("reaches each member who asked for it, with the camera frame, in the member's language", async () => {
    const jobId = await printAndEnd('job_finished');
    await eventually(() => {
      expect(sentTo('7001')).toHaveLength(1);
      expect(sentTo('7002')).toHaveLength(1);
      return Promise.resolve();
    }, 10_000);
    const [czech] = sentTo('7001');
    expect(czech).toMatchObject({
      method: 'sendPhoto',
      parse_mode: 'HTML',
      photo: { size: JPEG.length, type: 'image/jpeg' },
    });
    expect(czech!.text).toBe(
      `<b>Tisk dokončen</b>\nTiskárna: &lt;b&gt;MK4&lt;/b&gt;\nSoubor: benchy.gcode\nPracovní prostor: Lab &amp; Co\n<a href="http://printdeck.test/printers/${printerId}">Otevřít v Printdecku</a>`,
    );
    expect(sentTo('7002')[0]!.text).toContain(
      '<b>Print finished</b>\nPrinter: &lt;b&gt;MK4&lt;/b&gt;',
    );
    // Print done switched off, or no Telegram link: no row at all.
    expect(sentTo('7003')).toEqual([]);
    // The worker records the delivery once Telegram has answered.
    const rows = await eventually(async () => {
      const all = await outboxRows();
      expect(all.map((r) => [r.user_id, r.channel, r.state])).toEqual([
        [admin.id, 'telegram', 'sent'],
        [english.id, 'telegram', 'sent'],
      ]);
      return all;
    });
    expect(rows[0]!.idempotency_key).toBe(`print_job:${jobId}:print_done:${admin.id}:telegram`);

    // The device repeats its event: the job ended once, so nothing is sent again.
    agent.send({ type: 'event', name: 'job_finished', job_id: jobId, data: {} });
    await t.server.services.jobs.drainOnce();
    expect(await outboxRows()).toHaveLength(2);
    expect(bot.sent).toHaveLength(2);
  });

  it('says when a print failed', async () => {
    await printAndEnd('job_failed');
    // each chat's message waits for its own turn (one a second per chat): wait for both
    await eventually(() => {
      expect(sentTo('7002').at(-1)?.text).toContain('<b>Print failed</b>');
      expect(sentTo('7001').at(-1)?.text).toContain('<b>Tisk selhal</b>');
      return Promise.resolve();
    }, 10_000);
  });
});

describe('when Telegram pushes back', () => {
  it('waits retry_after after a 429, then sends once', async () => {
    const before = bot.calls.length;
    bot.failNext({ status: 429, description: 'Too Many Requests: retry after 1', retryAfter: 1 });
    const jobId = await printAndEnd('job_finished');
    await eventually(async () => {
      expect((await rowsOf(jobId)).map((r) => r.state)).toEqual(['sent', 'sent']);
    }, 10_000);
    const calls = bot.calls.slice(before);
    expect(calls.map((c) => c.status).sort()).toEqual([200, 200, 429]);
    const limited = calls.find((c) => c.status === 429)!;
    const retry = calls.find((c) => c.chat_id === limited.chat_id && c.at > limited.at)!;
    // The refused message went again only once retry_after had passed.
    expect(retry.status).toBe(200);
    expect(retry.at - limited.at).toBeGreaterThanOrEqual(1000);
    const attempts = (await rowsOf(jobId)).map((r) => r.attempts).sort();
    expect(attempts).toEqual([1, 2]);
  });

  it('retries a 5xx and gives up on a refusal, keeping the reason', async () => {
    bot.failNext(
      { status: 502, description: 'Bad Gateway' },
      { status: 400, description: 'Bad Request: chat not found' },
    );
    const jobId = await printAndEnd('job_finished');
    await eventually(async () => {
      expect((await rowsOf(jobId)).map((r) => r.state).sort()).toEqual(['failed', 'sent']);
    }, 10_000);
    const failed = (await rowsOf(jobId)).find((r) => r.state === 'failed')!;
    expect(failed.last_error).toBe('Telegram sendPhoto: 400 Bad Request: chat not found');
  });

  it('keeps messages while Telegram is down, the app works, and sends each once it is back', async () => {
    bot.setDown(true);
    const sentBefore = bot.sent.length;
    const jobId = await printAndEnd('job_finished');
    await eventually(async () => {
      const rows = (await outboxRows()).filter((r) =>
        r.idempotency_key.startsWith(`print_job:${jobId}:`),
      );
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.state === 'pending' && r.attempts >= 1)).toBe(true);
      expect(rows[0]!.last_error).toBe('Telegram sendPhoto: 502 Bad Gateway');
    }, 10_000);
    expect((await t.api('/api/users/me/', { token: admin.access })).status).toBe(200);
    bot.setDown(false);
    await eventually(async () => {
      const rows = (await outboxRows()).filter((r) =>
        r.idempotency_key.startsWith(`print_job:${jobId}:`),
      );
      expect(rows.map((r) => r.state)).toEqual(['sent', 'sent']);
    }, 10_000);
    expect(bot.sent.length - sentBefore).toBe(2);
  });

  it('gives up after the bound, with the reason', async () => {
    bot.setDown(true);
    const jobId = await printAndEnd('job_failed');
    await eventually(async () => {
      const rows = (await outboxRows()).filter((r) =>
        r.idempotency_key.startsWith(`print_job:${jobId}:`),
      );
      expect(rows.map((r) => r.state)).toEqual(['failed', 'failed']);
      expect(rows[0]!.attempts).toBe(4);
      expect(rows[0]!.last_error).toBe(
        'Telegram sendPhoto: 502 Bad Gateway (gave up after 4 attempts)',
      );
    }, 15_000);
    bot.setDown(false);
  });
});

describe('the video failure alert', () => {
  it('goes by Telegram and by e-mail to the members who asked for it', async () => {
    await setSettings(english, { email: { enabled: true } });
    const job = await t.server.database.db
      .selectFrom('print_jobs')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.server.database.db.transaction().execute((trx) =>
      t.server.services.notifications.events.enqueueVideoFailure(trx, {
        job,
        video: { id: 91 },
        reasons: ['camera_frozen'],
      }),
    );
    t.server.services.jobs.wake();
    const mail = await smtp.waitForMail(english.email, 10_000);
    expect(mail.subject).toBe('Printdeck: Timelapse video failed');
    expect(mail.text).toContain('Printer: <b>MK4</b>');
    expect(mail.text).toContain('Why: the camera picture did not change');
    expect(mail.text).toContain('http://printdeck.test/timelapse-videos/91');
    await eventually(() => {
      expect(sentTo('7001').at(-1)?.text).toContain('Časosběrné video se nepodařilo');
      expect(sentTo('7002').at(-1)?.text).toContain('Timelapse video failed');
      expect(sentTo('7003').at(-1)?.text).toContain('Timelapse video failed');
      return Promise.resolve();
    }, 10_000);
    expect(smtp.mails.filter((m) => m.to === admin.email)).toEqual([]);
  });
});

describe('send test notification', () => {
  it('really sends on each enabled channel and says per channel whether it went', async () => {
    const id = await setSettings(english, {
      telegram: { enabled: true },
      email: { enabled: true },
    });
    const before = sentTo('7002').length;
    const result = await t.api(`/api/notifications/settings/${id}/send-test-notification/`, {
      method: 'POST',
      token: english.access,
      body: {},
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ telegram: 'sent', email: 'sent', push: 'not_subscribed' });
    expect(
      sentTo('7002')
        .slice(before)
        .map((m) => m.text),
    ).toEqual([expect.stringContaining('<b>Printdeck test notification</b>')]);

    const unlinkedId = await setSettings(unlinked, { telegram: { enabled: true } });
    const notLinked = await t.api(
      `/api/notifications/settings/${unlinkedId}/send-test-notification/`,
      { method: 'POST', token: unlinked.access, body: {} },
    );
    expect(notLinked.body).toMatchObject({ telegram: 'not_linked', email: 'disabled' });
    expect(notLinked.body.message).toContain('no Telegram account is linked');
  });

  it('never writes the bot token into a log line', () => {
    expect(JSON.stringify(t.logs)).not.toContain(TOKEN.split(':')[1]);
  });
});
