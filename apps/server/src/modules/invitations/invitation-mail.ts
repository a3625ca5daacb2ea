import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { sha256Hex } from '../../crypto/random.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { GiveUp, RetryLater, defineJobKind } from '../../jobs/job-kind.js';
import type { JobsRepository } from '../../jobs/jobs.repository.js';
import { renderMail } from '../../mail/mail-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import { createInvitationToken } from './invitation-token.js';
import type { InvitationMailRepository } from './invitation-mail.repository.js';

export interface InvitationMailOptions {
  /** first retry after this many seconds, doubling, capped by maxBackoffSeconds */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** a mail being sent belongs to its sender this long (longer than SMTP's own timeouts) */
  leaseSeconds: number;
}

export const INVITATION_MAIL_DEFAULTS: InvitationMailOptions = {
  backoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
  leaseSeconds: 15 * 60,
};

const INVITATION_MAIL = 'invitation.mail';
const mailPayload = z.object({ invitationId: z.number().int().positive() });
const keyOf = (invitationId: number) => `${INVITATION_MAIL}:${invitationId}`;

const isMailServerAway = (error: unknown) =>
  error instanceof AppError && error.code === 'mail_unavailable';

/**
 * Invitation mails as one kind of background job. The request that invites writes the
 * invitation and its job (held by the request) in one transaction and makes the first attempt
 * itself; if the process dies meanwhile, the job's lease runs out and a worker sends it — a
 * crash never leaves an invitation without its mail. Each attempt mints a fresh token (only
 * its hash is stored), so the link in the newest mail is the one that works. The mail server
 * being away retries with backoff; a mail it refuses fails the invitation.
 */
export function createInvitationMail(deps: {
  db: Db;
  repository: InvitationMailRepository;
  jobs: JobsRepository;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  options: InvitationMailOptions;
}) {
  const { repository, mailer, clock, options } = deps;

  async function send(payload: z.infer<typeof mailPayload>, job: { attempts: number }) {
    const invitation = await repository.findMailable(
      payload.invitationId,
      clock.now().toISOString(),
    );
    // withdrawn, expired, replaced, or sent by an attempt whose end was not recorded
    if (!invitation || invitation.mail_state === 'sent' || invitation.mail_state === 'failed') {
      return;
    }
    const letter = {
      email: invitation.email,
      workspace: invitation.workspace_name,
      inviter: invitation.inviter_email ?? '',
      expiresOn: invitation.expires_on,
    };
    const token = createInvitationToken({
      email: letter.email,
      purpose: 'invitation',
      workspace: letter.workspace,
      exp: Math.floor(Date.parse(letter.expiresOn) / 1000),
      ...(invitation.account_id !== null && { has_account: true }),
    });
    await repository.markSending(invitation.id, job.attempts, sha256Hex(token));
    const locale = invitation.mail_locale === 'cs' ? 'cs' : 'en';
    const link = `${deps.publicUrl}/invitations/accept?token=${token}`;
    try {
      await mailer.send(renderMail('invitation', locale, letter.email, link, letter));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isMailServerAway(error)) {
        await repository.markPending(invitation.id, reason);
        throw new RetryLater(reason);
      }
      await repository.markFailed(invitation.id, reason);
      throw new GiveUp(reason, { cause: error });
    }
    await repository.markSent(invitation.id);
  }

  return {
    kind: defineJobKind({
      name: INVITATION_MAIL,
      payload: mailPayload,
      policy: {
        leaseMs: options.leaseSeconds * 1000,
        // kept until the invitation expires (the handler then does nothing)
        maxAttempts: Number.MAX_SAFE_INTEGER,
        backoffMs: options.backoffSeconds * 1000,
        maxBackoffMs: options.maxBackoffSeconds * 1000,
        concurrency: 4,
      },
      keyOf: ({ invitationId }) => keyOf(invitationId),
      handle: send,
    }),

    /** The invitation's mail job, held by the caller, in the transaction that writes it. */
    enqueueHeld(trx: Parameters<JobsRepository['enqueue']>[0], invitationId: number) {
      const now = clock.now();
      return deps.jobs.enqueueClaimed(trx, {
        kind: INVITATION_MAIL,
        key: keyOf(invitationId),
        payload: { invitationId },
        runAfter: now.toISOString(),
        nowIso: now.toISOString(),
        leaseUntil: new Date(now.getTime() + options.leaseSeconds * 1000).toISOString(),
      });
    },

    /** Drops the job of an invitation that is gone. */
    removeJob: (invitationId: number) => deps.jobs.remove(deps.db, keyOf(invitationId)),
  };
}

export type InvitationMail = ReturnType<typeof createInvitationMail>;
