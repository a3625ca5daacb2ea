import type { Locale } from '@printdeck/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { InvitationMail, InvitationMailOptions } from './invitation-mail.js';
import type { DueInvitationMail, InvitationMailRepository } from './invitation-mail.repository.js';

const toLocale = (value: string | null): Locale => (value === 'cs' ? 'cs' : 'en');

/**
 * Sends again the invitation mails kept while the mail server was away. Each mail is claimed
 * before it is sent, so it leaves once; with several instances only the leader looks (the
 * claim keeps a mail single even if two did).
 */
export function createInvitationMailWorker(deps: {
  repository: InvitationMailRepository;
  mail: InvitationMail;
  clock: Clock;
  options: InvitationMailOptions;
}) {
  const { repository, mail, clock, options } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sendAgain(row: DueInvitationMail): Promise<'sent' | 'pending' | 'taken'> {
    const letter = {
      id: row.id,
      email: row.email,
      workspace: row.workspace_name,
      inviter: row.inviter_email ?? '',
      locale: toLocale(row.mail_locale),
      expiresOn: row.expires_on,
      attempt: row.mail_attempts + 1,
    };
    const { token, tokenHash } = mail.createToken(letter);
    const isClaimed = await repository.claim({
      id: row.id,
      tokenHash,
      nowIso: clock.now().toISOString(),
      leaseUntilIso: mail.leaseUntilIso(),
    });
    if (!isClaimed) return 'taken';
    return mail.deliver(letter, token);
  }

  /**
   * One look: sends what is due and answers how many mails left. While the mail server is still
   * away (a mail goes back to waiting) the rest waits for the next look.
   */
  async function drain(): Promise<number> {
    const nowIso = clock.now().toISOString();
    await repository.failInterrupted(nowIso);
    let sent = 0;
    for (const row of await repository.findDue(nowIso, options.batchSize)) {
      let outcome: 'sent' | 'pending' | 'taken' | 'refused';
      try {
        outcome = await sendAgain(row);
      } catch {
        outcome = 'refused'; // refused for good: recorded as failed on the invitation
      }
      if (outcome === 'sent') sent += 1;
      if (outcome === 'pending') break;
    }
    return sent;
  }

  return {
    /** One look at the pending mails; a look already running is joined, never doubled. */
    drainOnce(): Promise<number> {
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },

    listen(log: FastifyBaseLogger, isLeader: () => boolean = () => true): void {
      timer = setInterval(() => {
        if (!isLeader()) return;
        this.drainOnce().catch((error: unknown) =>
          log.warn({ err: error }, 'invitation mails: look failed'),
        );
      }, options.tickMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
