import type { Db } from '../../db/database.js';

/** A pending invitation mail with what its text needs. */
export interface DueInvitationMail {
  id: number;
  workspace_id: number;
  email: string;
  expires_on: string;
  mail_attempts: number;
  mail_locale: string | null;
  workspace_name: string;
  inviter_email: string | null;
}

/**
 * The delivery state of invitation mails (migration 0016). A mail is sent only by whoever
 * moved its row from `pending` to `sending`: one conditional update, so two workers (or two
 * instances) never both send it.
 */
export function createInvitationMailRepository(db: Db) {
  return {
    /** Pending mails whose next attempt is due, of invitations still valid. */
    findDue(nowIso: string, limit: number): Promise<DueInvitationMail[]> {
      return db
        .selectFrom('workspace_invitations as i')
        .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
        .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
        .select([
          'i.id',
          'i.workspace_id',
          'i.email',
          'i.expires_on',
          'i.mail_attempts',
          'i.mail_locale',
          'w.name as workspace_name',
          'inviter.email as inviter_email',
        ])
        .where('i.mail_state', '=', 'pending')
        .where('i.mail_next_attempt_on', '<=', nowIso)
        .where('i.expires_on', '>', nowIso)
        .orderBy('i.mail_next_attempt_on')
        .orderBy('i.id')
        .limit(limit)
        .execute();
    },

    /**
     * Takes a due mail for this sender and gives the invitation the token about to be mailed
     * (the one never sent is replaced); false when someone else took it first.
     */
    async claim(input: {
      id: number;
      tokenHash: string;
      nowIso: string;
      leaseUntilIso: string;
    }): Promise<boolean> {
      const result = await db
        .updateTable('workspace_invitations')
        .set((eb) => ({
          mail_state: 'sending',
          mail_claimed_until: input.leaseUntilIso,
          mail_attempts: eb('mail_attempts', '+', 1),
          token_hash: input.tokenHash,
        }))
        .where('id', '=', input.id)
        .where('mail_state', '=', 'pending')
        .where('mail_next_attempt_on', '<=', input.nowIso)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(id: number): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({
          mail_state: 'sent',
          mail_claimed_until: null,
          mail_next_attempt_on: null,
          mail_last_error: null,
        })
        .where('id', '=', id)
        .where('mail_state', '=', 'sending')
        .execute();
    },

    async markRetry(id: number, nextIso: string, reason: string): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({
          mail_state: 'pending',
          mail_claimed_until: null,
          mail_next_attempt_on: nextIso,
          mail_last_error: reason,
        })
        .where('id', '=', id)
        .where('mail_state', '=', 'sending')
        .execute();
    },

    async markFailed(id: number, reason: string): Promise<void> {
      await db
        .updateTable('workspace_invitations')
        .set({ mail_state: 'failed', mail_claimed_until: null, mail_last_error: reason })
        .where('id', '=', id)
        .where('mail_state', '=', 'sending')
        .execute();
    },

    /**
     * Mails a stopped process left in `sending` past their lease: the mail may have left, so it
     * is not repeated on its own (never twice); the inviter sees it failed and may invite again.
     */
    async failInterrupted(nowIso: string): Promise<number> {
      const result = await db
        .updateTable('workspace_invitations')
        .set({
          mail_state: 'failed',
          mail_claimed_until: null,
          mail_last_error:
            'Interrupted while sending (server stopped); not repeated to avoid a duplicate.',
        })
        .where('mail_state', '=', 'sending')
        .where('mail_claimed_until', '<', nowIso)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type InvitationMailRepository = ReturnType<typeof createInvitationMailRepository>;
