import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildUser,
  buildWorkspace,
  type BuiltUser,
} from '../../../test-support/factories.js';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

let t: TestServer;
let smtp: SmtpCapture;
let owner: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ t, user: owner } = await startServerWithUser({ env: { SMTP_URL: smtp.url } }));
  workspaceId = await buildWorkspace(t, owner, 'Print Farm');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settingsOf = (token: string, group = workspaceId) =>
  t.api(`/api/notifications/settings/?group_id=${group}`, { token });
const patch = (token: string, id: number, body: unknown) =>
  t.api(`/api/notifications/settings/${id}/`, { method: 'PATCH', token, body });
const sendTest = (token: string, id: number) =>
  t.api(`/api/notifications/settings/${id}/send-test-notification/`, {
    method: 'POST',
    token,
    body: {},
  });

describe('notification settings', () => {
  it('makes one record per user and workspace with the defaults on first read', async () => {
    const first = await settingsOf(owner.access);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(Number),
      group_id: workspaceId,
      telegram: { enabled: false, printjob_video_failure_alert: true, printjob_event_done: true },
      email: { enabled: false, printjob_video_failure_alert: true },
    });
    const [again, concurrent] = await Promise.all([
      settingsOf(owner.access),
      settingsOf(owner.access),
    ]);
    expect(again.body.id).toBe(first.body.id);
    expect(concurrent.body.id).toBe(first.body.id);
    const observer = await buildUser(t);
    await addMember(t, workspaceId, observer, 'observer');
    const theirs = await settingsOf(observer.access);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it('changes only the fields sent and keeps them', async () => {
    const { id } = (await settingsOf(owner.access)).body;
    const changed = await patch(owner.access, id, {
      telegram: { enabled: true, printjob_event_done: false },
      email: { enabled: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      telegram: { enabled: true, printjob_video_failure_alert: true, printjob_event_done: false },
      email: { enabled: true, printjob_video_failure_alert: true },
    });
    expect((await settingsOf(owner.access)).body).toEqual(changed.body);
    const unknown = await patch(owner.access, id, { email: { enabled: true, sms: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ 'email.sms': ['Unknown field.'] });
  });

  it('sends a real test mail, and says plainly that this server has no Telegram bot', async () => {
    const { id } = (await settingsOf(owner.access)).body;
    await patch(owner.access, id, { telegram: { enabled: true }, email: { enabled: true } });
    const response = await sendTest(owner.access, id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      email: 'sent',
      telegram: 'not_configured',
      push: 'not_subscribed',
      message: `A test e-mail was sent to ${owner.email}. Telegram is not configured on this server; nothing was sent there.`,
    });
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.subject).toBe('Printdeck test notification');
    expect(mail.text).toContain('"Print Farm"');
    expect(extractLink(mail.text).href).toBe('http://printdeck.test/settings/notifications');
    await patch(owner.access, id, { telegram: { enabled: false }, email: { enabled: false } });
    const none = await sendTest(owner.access, id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Turn on e-mail or Telegram notifications first.');
  });

  it("is 404 for another user's record and for a workspace one is not in", async () => {
    const { id } = (await settingsOf(owner.access)).body;
    const stranger = await buildUser(t);
    const strangersGroup = await buildWorkspace(t, stranger);
    expect((await settingsOf(stranger.access)).status).toBe(404);
    expect((await patch(stranger.access, id, { email: { enabled: true } })).status).toBe(404);
    expect((await sendTest(stranger.access, id)).status).toBe(404);
    expect((await settingsOf(owner.access, strangersGroup)).status).toBe(404);
  });

  it('a member who left loses the record with the membership', async () => {
    const leaver = await buildUser(t);
    await addMember(t, workspaceId, leaver, 'user');
    const { id } = (await settingsOf(leaver.access)).body;
    await t.api(`/api/groups/${workspaceId}/users/${leaver.id}/`, {
      method: 'DELETE',
      token: leaver.access,
    });
    expect((await patch(leaver.access, id, { email: { enabled: true } })).status).toBe(404);
    expect((await settingsOf(leaver.access)).status).toBe(404);
  });

  it('GET /api/users/me/ says is_telegram false without a link, and keeps the chosen language', async () => {
    const me = await t.api('/api/users/me/', { token: owner.access });
    expect(me.body).toMatchObject({ is_telegram: false, language: null });
    const changed = await t.api('/api/users/me/', {
      method: 'PATCH',
      token: owner.access,
      body: { language: 'cs' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('cs');
    const bad = await t.api('/api/users/me/', {
      method: 'PATCH',
      token: owner.access,
      body: { language: 'de' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(['language']);
  });
});
