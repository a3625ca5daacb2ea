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

    /** Pending (unexpired) invitations of the workspace among these addresses. */
    async findPendingEmails(workspaceId: number, emails: string[], nowIso: string) {
      if (emails.length === 0) return new Set<string>();
      const rows = await db
        .selectFrom('workspace_invitations')
        .select('email')
        .where('workspace_id', '=', workspaceId)
        .where('email', 'in', emails)
        .where('expires_on', '>', nowIso)
        .execute();
      return new Set(rows.map((row) => row.email));
    },

    /** Accounts among these addresses, with whether each is already in the workspace. */
    findAccounts(workspaceId: number, emails: string[]) {
      if (emails.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users as u')
        .leftJoin('memberships as m', (join) =>
          join.onRef('m.user_id', '=', 'u.id').on('m.workspace_id', '=', workspaceId),
        )
        .select(['u.id', 'u.email', 'm.role'])
        .where('u.email', 'in', emails)
        .execute();
    },

    /** The address's invitation to the workspace; with `expiredBy`, only when it has expired. */
    async deleteInvitationOf(workspaceId: number, email: string, expiredBy?: string) {
      await db
        .deleteFrom('workspace_invitations')
        .where('workspace_id', '=', workspaceId)
        .where('email', '=', email)
        .$if(expiredBy !== undefined, (query) => query.where('expires_on', '<=', expiredBy!))
        .execute();
    },

    /** undefined when the address already has a pending invitation to this workspace. */
    async insertInvitation(
      invitation: Insertable<WorkspaceInvitationsTable>,
    ): Promise<InvitationRow | undefined> {
      return db
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
