import { sql } from 'kysely';
import type { Role } from '@printdeck/shared';
import type { Db } from '../../db/database.js';

export interface MemberRow {
  user_id: number;
  email: string;
  role: Role;
}

/** Where a page of members ended. */
export interface MemberCursor {
  email: string;
  userId: number;
}

export function createMembersRepository(db: Db) {
  const members = (trx: Db) =>
    trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.user_id', 'u.email', 'm.role']);

  return {
    /** Every member (bulk invite's "missing"). */
    listMembers(workspaceId: number): Promise<MemberRow[]> {
      return members(db)
        .where('m.workspace_id', '=', workspaceId)
        .orderBy('u.email')
        .orderBy('m.user_id')
        .execute();
    },

    /** By keyset (email, user id): members joining meanwhile never shift a page. */
    listMembersPage(
      workspaceId: number,
      page: { after?: MemberCursor; limit: number },
    ): Promise<MemberRow[]> {
      const { after } = page;
      return members(db)
        .where('m.workspace_id', '=', workspaceId)
        .$if(after !== undefined, (query) =>
          query.where(sql<boolean>`(u.email, m.user_id) > (${after!.email}, ${after!.userId})`),
        )
        .orderBy('u.email')
        .orderBy('m.user_id')
        .limit(page.limit)
        .execute();
    },

    async countMembers(workspaceId: number): Promise<number> {
      const { n } = await db
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    findMember(workspaceId: number, userId: number, trx: Db = db): Promise<MemberRow | undefined> {
      return members(trx)
        .where('m.workspace_id', '=', workspaceId)
        .where('m.user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Takes the workspace row's write lock for the rest of the transaction, so two admins
     * demoting each other cannot both see "another admin is left" (PostgreSQL row lock; SQLite
     * has one writer anyway).
     */
    async lockWorkspace(workspaceId: number, trx: Db): Promise<void> {
      await trx
        .updateTable('workspaces')
        .set((eb) => ({ name: eb.ref('name') }))
        .where('id', '=', workspaceId)
        .execute();
    },

    async countAdmins(workspaceId: number, trx: Db): Promise<number> {
      const { n } = await trx
        .selectFrom('memberships')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async updateRole(workspaceId: number, userId: number, role: Role, trx: Db): Promise<void> {
      await trx
        .updateTable('memberships')
        .set({ role })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** The membership and what belonged to it alone (the member's notification settings). */
    async deleteMembership(workspaceId: number, userId: number, trx: Db): Promise<void> {
      await trx
        .deleteFrom('notification_settings')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
      await trx
        .deleteFrom('memberships')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** False when the user is already a member (two requests may race to add them). */
    async insertMembership(
      membership: { workspace_id: number; user_id: number; role: Role; created_on: string },
      trx: Db = db,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('memberships')
        .values(membership)
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
