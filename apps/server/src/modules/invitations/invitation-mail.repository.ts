import type { Db } from '../../db/database.js';

/** An invitation mail to send, with what its text needs. */
interface MailableInvitation {
  id: number;
  workspace_id: number;
  email: string;
  expires_on: string;
  mail_state: string;
  mail_locale: string | null;
  workspace_name: string;
  inviter_email: string | null;
  /** an account with the invited address exists: the link signs in rather than registers */
  account_id: number | null;
}

/**
 * The delivery state of invitation mails, kept on the invitation for the members page
 * (migration 0016): `sending`, `pending` (the mail server was away; the job retries), `sent`
 * or `failed`. Who sends, when, and how often is the job runner's (invitation-mail-job.ts).
 */
export function createInvitationMailRepository(db: Db) {
  return {
    /** A still valid invitation and what its mail says; undefined when gone or expired. */
    findMailable(id: number, nowIso: string): Promise<MailableInvitation | undefined> {
      return db
        .selectFrom('workspace_invitations as i')
        .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
        .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
        .leftJoin('users as invitee', 'invitee.email', 'i.email')
        .select([
          'i.id',
          'i.workspace_id',
          'i.email',
          'i.expires_on',
          'i.mail_state',
          'i.mail_locale',
          'w.name as workspace_name',
          'inviter.email as inviter_email',
          'invitee.id as account_id',
        ])
        .where('i.id', '=', id)
        .where('i.expires_on', '>', nowIso)
        .executeTakeFirst();
    },

    /** This attempt is on its way: the invitation gets the token about to be mailed. */
    async markSending(id: number, attempt: number, tokenHash: string): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({ mail_state: 'sending', mail_attempts: attempt, token_hash: tokenHash })
        .where('id', '=', id)
        .execute();
    },

    async markSent(id: number): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({ mail_state: 'sent', mail_last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markPending(id: number, reason: string): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({ mail_state: 'pending', mail_last_error: reason })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, reason: string): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({ mail_state: 'failed', mail_last_error: reason })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type InvitationMailRepository = ReturnType<typeof createInvitationMailRepository>;
