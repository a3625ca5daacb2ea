import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function createPublicProfileRepository(db: Db) {
  return {
    findPublicWorkspace(uniqueId: string) {
      return db
        .selectFrom('workspaces')
        .select(['id', 'unique_id', 'name', 'public_description', 'public_website_url'])
        .where('unique_id', '=', uniqueId)
        .where('is_public', '=', 1)
        .executeTakeFirst();
    },

    listPublicFiles(workspaceId: number, limit: number) {
      return db
        .selectFrom('files')
        .select([
          'id',
          'name',
          'size',
          'format',
          'uploaded_on',
          'filament_type',
          'printing_time_sec',
          'layer_height_mm',
          'filament_used_g',
          'filament_used_mm',
        ])
        .where('workspace_id', '=', workspaceId)
        .where('is_public', '=', 1)
        .orderBy('uploaded_on', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async countPublicFiles(workspaceId: number): Promise<number> {
      const { n } = await db
        .selectFrom('files')
        .select(sql<number>`count(*)`.as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('is_public', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}

export type PublicProfileRepository = ReturnType<typeof createPublicProfileRepository>;
