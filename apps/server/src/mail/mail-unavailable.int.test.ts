import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltUser } from '../../test-support/factories.js';
import { startSmtpCapture } from '../../test-support/smtp-capture.js';
import { startServerWithWorkspace, type TestServer } from '../../test-support/test-server.js';

/**
 * The mail server is down: a clear 503, never a generic 500; an invitation is kept and sent
 * later (invitation-mail-retry.int.test.ts).
 */

let t: TestServer;
let admin: BuiltUser;
let workspaceId: number;
const MESSAGE =
  'We could not send the e-mail: our mail server is not reachable right now. Please try again in a few minutes.';

beforeAll(async () => {
  // a real SMTP server's address, then the server goes away: connections are refused
  const smtp = await startSmtpCapture();
  const smtpUrl = smtp.url;
  await smtp.close();
  ({
    t,
    user: admin,
    workspaceId,
  } = await startServerWithWorkspace({ env: { SMTP_URL: smtpUrl } }));
});
afterAll(() => t.close());

describe('SMTP down', () => {
  it('registration and password reset answer 503 with a message a person understands', async () => {
    const requests: Array<[string, string]> = [
      ['/api/invitations/', 'new@example.com'],
      ['/api/users/password-reset/request/', admin.email],
    ];
    for (const [path, email] of requests) {
      const response = await t.api(path, { method: 'POST', body: { email } });
      expect(response.status, path).toBe(503);
      expect(response.body, path).toEqual({ code: 'mail_unavailable', message: MESSAGE });
    }
  });

  it('an invitation is kept for later (pending delivery), not refused', async () => {
    const invited = await t.api(`/api/groups/${workspaceId}/users/`, {
      method: 'POST',
      token: admin.access,
      body: { username: 'colleague@example.com' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation.delivery).toBe('pending');
  });
});
