import { sql, type Selectable } from 'kysely';
import type { Role } from '@printdeck/shared';
import type { Db } from '../../db/database.js';
import type { WorkspacesTable } from '../../db/schema.js';

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type MemberWorkspaceRow = WorkspaceRow & {
  role: Role;
  users_count: number;
  gcodes_count: number;
  printers_count: number;
  videos_count: number;
};

export function createWorkspacesRepository(db: Db) {
  const memberWorkspaces = (userId: number) =>
    db
      .selectFrom('memberships as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .selectAll('w')
      .select('m.role')
      .select((eb) =>
        eb
          .selectFrom('memberships as other')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('other.workspace_id', '=', 'w.id')
          .as('users_count'),
      )
      .select((eb) =>
        eb
          .selectFrom('files as f')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('f.workspace_id', '=', 'w.id')
          .as('gcodes_count'),
      )
      .select((eb) =>
        eb
          .selectFrom('printers as p')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('p.workspace_id', '=', 'w.id')
          .as('printers_count'),
      )
      .select((eb) =>
        eb
          .selectFrom('videos as v')
          .innerJoin('print_jobs as j', 'j.id', 'v.print_job_id')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('v.workspace_id', '=', 'w.id')
          .where('j.video_state', 'in', ['ANALYZING', 'READY', 'FAILED'])
          .as('videos_count'),
      )
      .where('m.user_id', '=', userId);

  // PostgreSQL answers count(*) as a string
  const withCounts = <
    T extends {
      users_count: unknown;
      gcodes_count: unknown;
      printers_count: unknown;
      videos_count: unknown;
    },
  >(
    row: T,
  ) => ({
    ...row,
    users_count: Number(row.users_count),
    gcodes_count: Number(row.gcodes_count),
    printers_count: Number(row.printers_count),
    videos_count: Number(row.videos_count),
  });

  return {
    async listMemberWorkspaces(userId: number): Promise<MemberWorkspaceRow[]> {
      const rows = await memberWorkspaces(userId).orderBy('w.name').orderBy('w.id').execute();
      return rows.map(withCounts);
    },

    async findMemberWorkspace(
      userId: number,
      workspaceId: number,
    ): Promise<MemberWorkspaceRow | undefined> {
      const row = await memberWorkspaces(userId).where('w.id', '=', workspaceId).executeTakeFirst();
      return row && withCounts(row);
    },

    findWorkspaceById(workspaceId: number) {
      return db
        .selectFrom('workspaces')
        .select(['id', 'name'])
        .where('id', '=', workspaceId)
        .executeTakeFirst();
    },

    findMembershipRole(userId: number, workspaceId: number): Promise<{ role: Role } | undefined> {
      return db
        .selectFrom('memberships')
        .select('role')
        .where('user_id', '=', userId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
    },

    async insertWorkspaceWithAdmin(
      workspace: {
        name: string;
        unique_id: string;
        created_on: string;
        public_description?: string;
        public_website_url?: string | null;
      },
      adminUserId: number,
      trx: Db = db,
    ): Promise<number> {
      const { id } = await trx
        .insertInto('workspaces')
        .values({ public_description: '', ...workspace, is_public: 0, print_queue_enabled: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('memberships')
        .values({
          workspace_id: id,
          user_id: adminUserId,
          role: 'admin',
          created_on: workspace.created_on,
        })
        .execute();
      return id;
    },

    async updateWorkspace(
      workspaceId: number,
      changes: Partial<Omit<WorkspaceRow, 'id' | 'unique_id' | 'created_on'>>,
    ): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('workspaces').set(changes).where('id', '=', workspaceId).execute();
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
