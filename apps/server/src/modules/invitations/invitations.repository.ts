import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WorkspaceInvitationsTable } from '../../db/schema.js';

export type InvitationRow = Selectable<WorkspaceInvitationsTable>;

export function createInvitationsRepository(db: Db) {
  return {
    listPendingInvitations(workspaceId: number, nowIso: string): Promise<InvitationRow[]> {
      return db
        .selectFrom('workspace_invitations')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('expires_on', '>', nowIso)
        .orderBy('created_on', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Pending (unexpired) invitations of the workspace among these addresses; one whose mail
     * failed does not count: inviting the address again replaces it.
     */
    async findPendingEmails(workspaceId: number, emails: string[], nowIso: string) {
      if (emails.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('workspace_invitations')
        .select('email')
        .where('workspace_id', '=', workspaceId)
        .where('email', 'in', emails)
        .where('expires_on', '>', nowIso)
        .where('mail_state', '!=', 'failed')
        .execute();
      return new Set(rows.map((row) => row.email));
    },

    /** Addresses among these that belong to members of the workspace (never other accounts). */
    async findMemberEmails(workspaceId: number, emails: string[]) {
      if (emails.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.email')
        .where('m.workspace_id', '=', workspaceId)
        .where('u.email', 'in', emails)
        .execute();
      return new Set(rows.map((row) => row.email));
    },

    /** Pending invitations addressed to this e-mail, with the workspace and who invited. */
    listInvitationsForEmail(email: string, nowIso: string) {
      return db
        .selectFrom('workspace_invitations as i')
        .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
        .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
        .selectAll('i')
        .select(['w.name as workspace_name', 'inviter.email as inviter_email'])
        .where('i.email', '=', email)
        .where('i.expires_on', '>', nowIso)
        .orderBy('i.created_on', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },

    /** One pending invitation addressed to this e-mail. */
    findInvitationForEmail(id: number, email: string, nowIso: string) {
      return db
        .selectFrom('workspace_invitations')
        .selectAll()
        .where('id', '=', id)
        .where('email', '=', email)
        .where('expires_on', '>', nowIso)
        .executeTakeFirst();
    },

    /**
     * The address's invitation to the workspace; with `expiredBy`, only when it has expired or
     * its mail failed.
     */
    async deleteInvitationOf(workspaceId: number, email: string, expiredBy?: string) {
      await db
        .deleteFrom('workspace_invitations')
        .where('workspace_id', '=', workspaceId)
        .where('email', '=', email)
        .$if(expiredBy !== undefined, (query) =>
          query.where((eb) =>
            eb.or([eb('expires_on', '<=', expiredBy!), eb('mail_state', '=', 'failed')]),
          ),
        )
        .execute();
    },

    /** undefined when the address already has a pending invitation to this workspace. */
    async insertInvitation(
      invitation: Insertable<WorkspaceInvitationsTable>,
      executor: Db = db,
    ): Promise<InvitationRow | undefined> {
      return executor
        .insertInto('workspace_invitations')
        .values(invitation)
        .onConflict((oc) => oc.columns(['workspace_id', 'email']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async deleteInvitation(workspaceId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('workspace_invitations')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    findUsableInvitation(tokenHash: string, nowIso: string) {
      return db
        .selectFrom('workspace_invitations as i')
        .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
        .selectAll('i')
        .select('w.name as workspace_name')
        .where('i.token_hash', '=', tokenHash)
        .where('i.expires_on', '>', nowIso)
        .executeTakeFirst();
    },

    /** Single use: only the first of two racing acceptances removes the row and gets true. */
    async claimInvitation(id: number, trx: Db): Promise<boolean> {
      const result = await trx
        .deleteFrom('workspace_invitations')
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
