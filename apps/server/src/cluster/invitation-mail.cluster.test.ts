import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';
import { TestClock } from '../../test-support/test-clock.js';
import type { TestServer } from '../../test-support/test-server.js';
import { startInProcessPair, type InstancePair } from '../../test-support/cluster.js';

/**
 * Issue 15 item 4 with two instances on one database: an invitation kept while the mail server
 * was down leaves once, even when both instances look for it at the same moment.
 */
let cluster: InstancePair<TestServer>;
let a: TestServer;
let b: TestServer;
let smtp: SmtpCapture | undefined;
let smtpPort: number;
let admin: BuiltUser;
let workspaceId: number;
const clock = new TestClock();

beforeAll(async () => {
  const probe = await startSmtpCapture();
  smtpPort = Number(new URL(probe.url).port);
  await probe.close();
  cluster = await startInProcessPair({
    b: {
      clock,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      // the test looks for due mails itself, on both instances at once
      notificationOptions: { invitationMail: { backoffSeconds: 30 } },
      jobOptions: { pollMs: 60 * 60 * 1000 },
    },
  });
  ({ a, b, admin, workspaceId } = cluster);
}, 60_000);
afterAll(async () => {
  await cluster?.close();
  await smtp?.close();
});

describe('a kept invitation mail on two instances', () => {
  it('is sent by one of them only', async () => {
    const email = 'twice@example.com';
    const invited = await b.api(`/api/groups/${workspaceId}/users/`, {
      method: 'POST',
      token: admin.access,
      body: { username: email },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation.delivery).toBe('pending');

    smtp = await startSmtpCapture({ port: smtpPort });
    clock.advance(31);
    const workerOf = (instance: TestServer) => instance.server.services.jobs;
    const sent = await Promise.all([workerOf(a).drainOnce(), workerOf(b).drainOnce()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(smtp.mails.filter((mail) => mail.to === email)).toHaveLength(1);

    const members = await a.api(`/api/groups/${workspaceId}/users/`, { token: admin.access });
    expect(members.body.pendingInvitations).toEqual([
      expect.objectContaining({ email, delivery: 'sent' }),
    ]);
  });
});
