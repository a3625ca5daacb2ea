import type { Db } from '../../db/database.js';

/** Whether each first step of a workspace has happened: one small existence query each. */
export function createGettingStartedRepository(db: Db) {
  const exists = async (query: Promise<unknown>) => (await query) !== undefined;
  return {
    hasPrinter: (workspaceId: number) =>
      exists(
        db
          .selectFrom('printers')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .limit(1)
          .executeTakeFirst(),
      ),

    /** a printer whose device key has been seen: its agent connected at least once */
    hasConnectedPrinter: (workspaceId: number) =>
      exists(
        db
          .selectFrom('printers')
          .innerJoin('device_keys', 'device_keys.id', 'printers.device_key_id')
          .select('printers.id')
          .where('printers.workspace_id', '=', workspaceId)
          .where('device_keys.last_seen_on', 'is not', null)
          .limit(1)
          .executeTakeFirst(),
      ),

    hasFile: (workspaceId: number) =>
      exists(
        db
          .selectFrom('files')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .limit(1)
          .executeTakeFirst(),
      ),

    /** a second member, or an invitation sent (accepted ones become members) */
    hasInvitedSomeone: async (workspaceId: number) =>
      (await exists(
        db
          .selectFrom('memberships')
          .select('user_id')
          .where('workspace_id', '=', workspaceId)
          .offset(1)
          .limit(1)
          .executeTakeFirst(),
      )) ||
      exists(
        db
          .selectFrom('workspace_invitations')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .limit(1)
          .executeTakeFirst(),
      ),
  };
}

export type GettingStartedRepository = ReturnType<typeof createGettingStartedRepository>;
