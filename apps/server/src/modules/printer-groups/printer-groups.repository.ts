import type { Db } from '../../db/database.js';

export function createPrinterGroupsRepository(db: Db) {
  return {
    async listGroups(workspaceId: number) {
      const groups = await db
        .selectFrom('printer_groups')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      const members = groups.length
        ? await db
            .selectFrom('printer_group_members')
            .selectAll()
            .where(
              'printer_group_id',
              'in',
              groups.map((g) => g.id),
            )
            .execute()
        : [];
      return groups.map((group) => ({
        ...group,
        printers: members
          .filter((m) => m.printer_group_id === group.id)
          .map((m) => ({ id: m.printer_id })),
      }));
    },

    findGroup(id: number) {
      return db.selectFrom('printer_groups').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertGroup(workspaceId: number, name: string, createdOn: string): Promise<number> {
      const { id } = await db
        .insertInto('printer_groups')
        .values({ workspace_id: workspaceId, name, created_on: createdOn })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async renameGroup(id: number, name: string): Promise<void> {
      await db.updateTable('printer_groups').set({ name }).where('id', '=', id).execute();
    },

    async deleteGroup(id: number): Promise<void> {
      await db.deleteFrom('printer_groups').where('id', '=', id).execute();
    },

    /** A printer sits in at most one group: adding it to one moves it there. */
    async movePrinterToGroup(groupId: number, printerId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('printer_group_members').where('printer_id', '=', printerId).execute();
        await trx
          .insertInto('printer_group_members')
          .values({ printer_group_id: groupId, printer_id: printerId })
          .execute();
      });
    },

    async removePrinterFromGroup(groupId: number, printerId: number): Promise<void> {
      await db
        .deleteFrom('printer_group_members')
        .where('printer_group_id', '=', groupId)
        .where('printer_id', '=', printerId)
        .execute();
    },
  };
}

export type PrinterGroupsRepository = ReturnType<typeof createPrinterGroupsRepository>;
