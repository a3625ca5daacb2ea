import { beforeAll, describe, expect, it } from 'vitest';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../apps/server/test-support/smtp-capture.js';
import { findFreePort } from '../apps/server/test-support/free-port.js';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/**
 * Issue 15 item 4: the mail server is down when an admin invites someone. The invitation is
 * kept and shown as pending delivery; when the mail server comes back it goes out, and the
 * list says so without a reload.
 */
let smtpPort = 0;
let smtp: SmtpCapture | undefined;

beforeAll(async () => {
  // a port no server listens on yet (outside the range the system hands out, and this worker's
  // own): the app finds its mail server down, and no other test's server can appear there
  smtpPort = await findFreePort();
  return async () => {
    await smtp?.close();
  };
});

describe('inviting while the mail server is down', () => {
  const fixture = useAppAndBrowser({
    env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_SECONDS: '1' }),
  });

  it('keeps the invitation as pending delivery and sends it once the mail server is back', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'keeper@example.com');
    const invitee = 'later@example.com';
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);

    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
    await dialog.getByLabel('E-mail').fill(invitee);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectVisible(
      page.getByText(
        `The invitation for ${invitee} is saved. Our mail server is not reachable right now; the e-mail goes out as soon as it is back.`,
      ),
    );
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    const row = pending.getByRole('row').filter({ hasText: invitee });
    await expectVisible(row.getByText('Pending delivery'));

    // Bulk invite says so too.
    await page.goto(`${app.url}/settings/workspaces/${admin.workspaceId}/invite-users`);
    await page.getByLabel('One e-mail address per line').fill('second.person@example.com');
    await page.getByRole('button', { name: 'Check addresses' }).click();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectVisible(
      page
        .getByRole('list', { name: 'Progress' })
        .getByText('second.person@example.com: invited; the e-mail waits for the mail server'),
    );
    await page.goto(`${app.url}/settings/workspaces/${admin.workspaceId}`);

    // The mail server comes back where it was; the worker sends the kept mail, once.
    smtp = await startSmtpCapture({ port: smtpPort });
    const mail = await smtp.waitForMail(invitee, 60_000);
    expect(mail.subject).toBe('You are invited to a Printdeck workspace');
    expect(extractLink(mail.text).pathname).toBe('/invitations/accept');
    await row.getByText('Sent').waitFor({ timeout: 30_000 });
    expect(smtp.mails.filter((m) => m.to === invitee)).toHaveLength(1);
    await smtp.waitForMail('second.person@example.com', 60_000);
  });
});
