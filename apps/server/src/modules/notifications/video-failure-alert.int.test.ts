import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test-support/fake-telegram.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp-capture.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';
import { buildTextGcode, uploadFile } from '../../../test-support/files.js';
import { signLoginData } from '../telegram/telegram-login.js';
import {
  addPrinter,
  buildFrame,
  recordAndEnd,
  startPrint,
  type TestPrinter,
} from '../../../test-support/videos.js';

const TOKEN = '777004:video-alert-token-secret';
let t: TestServer;
let bot: FakeTelegram;
let smtp: SmtpCapture;
let admin: BuiltUser;
let workspaceId: number;
let fileId: number;
let printer: TestPrinter;

beforeAll(async () => {
  bot = await startFakeTelegram(TOKEN);
  smtp = await startSmtpCapture();
  ({ t, user: admin } = await startServerWithUser({
    env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: bot.url, SMTP_URL: smtp.url },
  }));
  workspaceId = await buildWorkspace(t, admin, 'Video Lab');
  fileId = (
    await uploadFile(t, admin.access, workspaceId, {
      bytes: buildTextGcode(),
      filename: 'vase.gcode',
    })
  ).body.id;
  printer = await addPrinter(t, admin, workspaceId, 'Voron');
  const login = { id: 9001, first_name: 'V', auth_date: Math.floor(Date.now() / 1000) };
  await t.api('/api/telegram/register/', {
    method: 'POST',
    token: admin.access,
    body: { telegram_data: { ...login, hash: signLoginData(login, TOKEN) } },
  });
  const { id } = (
    await t.api(`/api/notifications/settings/?group_id=${workspaceId}`, { token: admin.access })
  ).body;
  await t.api(`/api/notifications/settings/${id}/`, {
    method: 'PATCH',
    token: admin.access,
    body: { telegram: { enabled: true, printjob_event_done: false }, email: { enabled: true } },
  });
});
afterAll(async () => {
  printer.agent.close();
  await t.close();
  await bot.close();
  await smtp.close();
});

it('a timelapse the failure check flags reaches the member by Telegram and by e-mail', async () => {
  const jobId = await startPrint(t, admin, printer, fileId);
  await recordAndEnd(
    t,
    printer,
    jobId,
    Array.from({ length: 8 }, (_, i) => buildFrame(i, { black: i > 1 })),
  );
  const mail = await smtp.waitForMail(admin.email, 30_000);
  expect(mail.subject).toBe('Printdeck: Timelapse video failed');
  expect(mail.text).toContain('Printer: Voron');
  expect(mail.text).toContain('Why: the camera showed only black');
  expect(mail.text).toContain(`/timelapse-videos/${jobId}`);
  await eventually(() => {
    expect(bot.sent.map((m) => [m.chat_id, m.method])).toEqual([['9001', 'sendMessage']]);
    return Promise.resolve();
  }, 10_000);
  expect(bot.sent[0]!.text).toContain('<b>Timelapse video failed</b>');
});
