import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FileLabelsTable } from '../../db/schema.js';

export type FileLabelRow = Selectable<FileLabelsTable>;
export type LabelLink = Pick<FileLabelRow, 'id' | 'parent_id'>;

export function createFileLabelsRepository(db: Db) {
  return {
    async listLabels(
      workspaceId: number,
    ): Promise<Array<FileLabelRow & { children_count: number }>> {
      const rows = await db
        .selectFrom('file_labels as l')
        .selectAll('l')
        .select((eb) =>
          eb
            .selectFrom('file_labels as child')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('child.parent_id', '=', 'l.id')
            .as('children_count'),
        )
        .where('l.workspace_id', '=', workspaceId)
        .orderBy('l.name')
        .orderBy('l.id')
        .execute();
      return rows.map((row) => ({ ...row, children_count: Number(row.children_count) }));
    },

    /** The tree's shape (id → parent) of one workspace. */
    listLabelLinks(workspaceId: number, trx: Db = db): Promise<LabelLink[]> {
      return trx
        .selectFrom('file_labels')
        .select(['id', 'parent_id'])
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    findLabel(workspaceId: number, labelId: number, trx: Db = db) {
      return trx
        .selectFrom('file_labels')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', labelId)
        .executeTakeFirst();
    },

    /** Those of `labelIds` that are labels of this workspace. */
    async findLabelIds(workspaceId: number, labelIds: number[], trx: Db = db): Promise<number[]> {
      if (labelIds.length === 0) return [];
      const rows = await trx
        .selectFrom('file_labels')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', labelIds)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Serialises changes to one workspace's tree: on PostgreSQL the no-op update holds the
     * workspace row until commit, so two concurrent moves cannot build a loop together.
     * SQLite runs one writer at a time anyway.
     */
    async lockLabelTree(workspaceId: number, trx: Db): Promise<void> {
      await trx
        .updateTable('workspaces')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', workspaceId)
        .execute();
    },

    async insertLabel(label: Omit<FileLabelRow, 'id'>, trx: Db = db): Promise<number> {
      const { id } = await trx
        .insertInto('file_labels')
        .values(label)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateLabel(
      labelId: number,
      changes: Partial<Pick<FileLabelRow, 'name' | 'parent_id'>>,
      trx: Db = db,
    ): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('file_labels').set(changes).where('id', '=', labelId).execute();
    },

    /** Children move up to the deleted label's parent; its file assignments go with it. */
    async deleteLabel(label: FileLabelRow, trx: Db): Promise<void> {
      await trx
        .updateTable('file_labels')
        .set({ parent_id: label.parent_id })
        .where('parent_id', '=', label.id)
        .execute();
      await trx.deleteFrom('file_label_assignments').where('label_id', '=', label.id).execute();
      await trx.deleteFrom('file_labels').where('id', '=', label.id).execute();
    },
  };
}

export type FileLabelsRepository = ReturnType<typeof createFileLabelsRepository>;
