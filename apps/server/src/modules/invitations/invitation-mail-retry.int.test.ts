import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { startServerWithUser, type TestServer } from '../../../test-support/test-server.js';

/**
 * Issue 15 item 4: the mail server is down when an admin invites someone. The invitation is
 * kept as "pending delivery", and the worker mails it once the mail server is back: once, with
 * a link that works.
 */

let t: TestServer;
let smtp: SmtpCapture | undefined;
let smtpPort: number;
const clock = new TestClock();
let admin: BuiltUser;
let workspaceId: number;

beforeAll(async () => {
  // a real SMTP server's address; the server then goes away: connections are refused
  const first = await startSmtpCapture();
  smtpPort = Number(new URL(first.url).port);
  await first.close();
  ({ t, user: admin } = await startServerWithUser({
    clock,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    // the test looks for due mails itself (drainOnce), never the periodic tick
    notificationOptions: { invitationMail: { backoffSeconds: 30 } },
    jobOptions: { pollMs: 60 * 60 * 1000 },
  }));
  workspaceId = await buildWorkspace(t, admin, 'Fab Lab');
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

const worker = () => t.server.services.jobs;
const invite = (username: string) =>
  t.api(`/api/groups/${workspaceId}/users/`, {
    method: 'POST',
    token: admin.access,
    body: { username },
  });
const pendingInvitations = async () =>
  (await t.api(`/api/groups/${workspaceId}/users/`, { token: admin.access })).body
    .pendingInvitations as Array<{ email: string; delivery: string }>;
const mailsTo = (email: string) => smtp?.mails.filter((mail) => mail.to === email) ?? [];

describe('an invitation made while the mail server is down', () => {
  const email = 'kept@example.com';

  it('is kept and shown as pending delivery', async () => {
    const invited = await invite(email);
    expect(invited.status).toBe(201);
    expect(invited.body.invitation).toMatchObject({ email, delivery: 'pending' });
    expect(await pendingInvitations()).toEqual([
      expect.objectContaining({ email, delivery: 'pending' }),
    ]);
  });

  it('inviting the same address again says it is already invited (nothing doubled)', async () => {
    const again = await invite(email);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('User already invited');
    expect(await pendingInvitations()).toHaveLength(1);
  });

  it('stays pending while the mail server is still down, and waits before the next try', async () => {
    // (the runner's own recurring jobs also come due as the clock moves: the mails are counted)
    await worker().drainOnce(); // not due yet: the first retry waits 30 s
    clock.advance(31);
    await worker().drainOnce(); // tried, refused again
    expect(await pendingInvitations()).toEqual([
      expect.objectContaining({ email, delivery: 'pending' }),
    ]);
  });

  it('is mailed once when the mail server is back, and its link lets the invitee join', async () => {
    smtp = await startSmtpCapture({ port: smtpPort });
    await worker().drainOnce(); // the second retry waits 60 s
    expect(mailsTo(email)).toHaveLength(0);
    clock.advance(61);
    await worker().drainOnce();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await pendingInvitations()).toEqual([
      expect.objectContaining({ email, delivery: 'sent' }),
    ]);

    clock.advance(120); // well past any retry, within the access token's life
    await worker().drainOnce();
    expect(mailsTo(email)).toHaveLength(1);

    const token = extractLink(mailsTo(email)[0]!.text).searchParams.get('token')!;
    const accepted = await t.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'a long enough password 1' },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.email).toBe(email);
    expect(await pendingInvitations()).toEqual([]);
  });

  it('an invitation made while the mail server is up goes out at once as sent', async () => {
    const invited = await invite('direct@example.com');
    expect(invited.status).toBe(201);
    expect(invited.body.invitation.delivery).toBe('sent');
    expect(mailsTo('direct@example.com')).toHaveLength(1);
  });
});
