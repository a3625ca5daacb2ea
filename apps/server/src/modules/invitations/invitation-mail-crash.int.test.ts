import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRepository } from '../../jobs/jobs.repository.js';
import { buildUser, buildWorkspace, type BuiltUser } from '../../../test-support/factories.js';
import { eventually } from '../../../test-support/fake-agent.js';
import {
  extractLink,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../test-support/smtp-capture.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { createTestStorage, type TestStorage } from '../../../test-support/test-database.js';
import { startTestServer, type TestServer } from '../../../test-support/test-server.js';

/**
 * Issue 23 (low): a crash must never leave an invitation marked failed with no mail. The
 * server dies right after the invite committed (the invitation and its mail job, held by the
 * request) and before the mail left; the next start takes the job over once its lease has run
 * out and mails the invitation, with a link that works.
 */

let storage: TestStorage;
let smtp: SmtpCapture;
const clock = new TestClock();
const servers: TestServer[] = [];
let admin: BuiltUser;
let workspaceId: number;

const start = async () => {
  const server = await startTestServer({
    storage,
    clock,
    env: { SMTP_URL: smtp.url },
    jobOptions: { pollMs: 60 * 60 * 1000 },
  });
  servers.push(server);
  return server;
};

beforeAll(async () => {
  storage = await createTestStorage();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => undefined);
  await smtp.close();
  await storage.cleanup();
});

describe('a server that dies while mailing an invitation', () => {
  it('mails it after the restart instead of marking it failed', async () => {
    const email = 'cut-off@example.com';
    const first = await start();
    admin = await buildUser(first);
    workspaceId = await buildWorkspace(first, admin, 'Lab');
    // what the invite's transaction committed before the process died: the invitation in
    // `sending` and its mail job held by the request (no mail went out)
    const { db } = first.server.database;
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('workspace_invitations')
        .values({
          workspace_id: workspaceId,
          email,
          role: 'observer',
          token_hash: 'unsent:crash',
          invited_by: admin.id,
          created_on: clock.now().toISOString(),
          expires_on: new Date(clock.now().getTime() + 7 * 86_400_000).toISOString(),
          mail_state: 'sending',
          mail_attempts: 1,
          mail_locale: 'en',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await createJobsRepository(db).enqueueClaimed(trx, {
        kind: 'invitation.mail',
        key: `invitation.mail:${row.id}`,
        payload: { invitationId: row.id },
        runAfter: clock.now().toISOString(),
        nowIso: clock.now().toISOString(),
        leaseUntil: new Date(clock.now().getTime() + 15 * 60_000).toISOString(),
      });
    });
    await first.close();

    clock.advance(16 * 60); // past the dead request's lease
    const second = await start();
    await eventually(async () =>
      expect(smtp.mails.filter((mail) => mail.to === email)).toHaveLength(1),
    );
    // the admin's access token has expired meanwhile: the row says what the page would
    await eventually(async () =>
      expect(
        await second.server.database.db
          .selectFrom('workspace_invitations')
          .select('mail_state')
          .where('email', '=', email)
          .executeTakeFirst(),
      ).toEqual({ mail_state: 'sent' }),
    );
    const mail = smtp.mails.find((m) => m.to === email)!;
    const token = extractLink(mail.text).searchParams.get('token')!;
    const accepted = await second.api('/api/invitations/accept/', {
      method: 'POST',
      body: { token, password: 'a long enough password 1' },
    });
    expect(accepted.status).toBe(201);
  });
});
