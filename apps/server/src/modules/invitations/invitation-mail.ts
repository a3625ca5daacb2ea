import type { Locale } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { sha256Hex } from '../../crypto/random.js';
import { AppError } from '../../http/app-error.js';
import { renderMail } from '../../mail/mail-templates.js';
import type { Mailer } from '../../mail/mailer.js';
import { createInvitationToken } from './invitation-token.js';
import type { InvitationMailRepository } from './invitation-mail.repository.js';

export interface InvitationMailOptions {
  /** how often the worker looks for mails to send again */
  tickMs: number;
  /** first retry after this many seconds, doubling, capped by maxBackoffSeconds */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /** a mail in `sending` belongs to its sender this long (longer than SMTP's own timeouts) */
  leaseSeconds: number;
  /** mails sent per look */
  batchSize: number;
}

export const INVITATION_MAIL_DEFAULTS: InvitationMailOptions = {
  tickMs: 15_000,
  backoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
  leaseSeconds: 15 * 60,
  batchSize: 50,
};

/** What one invitation mail says and where its link points. */
export interface InvitationLetter {
  id: number;
  email: string;
  workspace: string;
  inviter: string;
  locale: Locale;
  expiresOn: string;
  /** attempts made, this one included */
  attempt: number;
}

export type InvitationMailOutcome = 'sent' | 'pending';

const isMailServerAway = (error: unknown) =>
  error instanceof AppError && error.code === 'mail_unavailable';

/**
 * Sends invitation mails and records how it went: sent, kept for a later attempt (the mail
 * server is away: backoff), or failed (the mail server refused it; the error is thrown).
 */
export function createInvitationMail(deps: {
  repository: InvitationMailRepository;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  options: InvitationMailOptions;
}) {
  const { repository, mailer, clock, options } = deps;

  function backoffMs(attempt: number): number {
    const seconds = options.backoffSeconds * 2 ** (attempt - 1);
    return Math.min(seconds, options.maxBackoffSeconds) * 1000;
  }

  return {
    /** A fresh token for the invitation: only its hash is stored, the token goes in the mail. */
    createToken(letter: Pick<InvitationLetter, 'email' | 'workspace' | 'expiresOn'>) {
      const token = createInvitationToken({
        email: letter.email,
        purpose: 'invitation',
        workspace: letter.workspace,
        exp: Math.floor(Date.parse(letter.expiresOn) / 1000),
      });
      return { token, tokenHash: sha256Hex(token) };
    },

    leaseUntilIso(): string {
      return new Date(clock.now().getTime() + options.leaseSeconds * 1000).toISOString();
    },

    /** Sends a mail whose row this caller holds in `sending`. */
    async deliver(letter: InvitationLetter, token: string): Promise<InvitationMailOutcome> {
      const link = `${deps.publicUrl}/invitations/accept?token=${token}`;
      try {
        await mailer.send(renderMail('invitation', letter.locale, letter.email, link, letter));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!isMailServerAway(error)) {
          await repository.markFailed(letter.id, reason);
          throw error;
        }
        const next = new Date(clock.now().getTime() + backoffMs(letter.attempt));
        await repository.markRetry(letter.id, next.toISOString(), reason);
        return 'pending';
      }
      await repository.markSent(letter.id);
      return 'sent';
    },
  };
}

export type InvitationMail = ReturnType<typeof createInvitationMail>;
