import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, SpoolsTable } from '../../db/schema.js';

type SpoolsScope = ExpressionBuilder<Database & { s: SpoolsTable }, 's'>;

export type SpoolRow = Selectable<SpoolsTable>;
export type SpoolWithPlace = SpoolRow & {
  loaded_printer_id: number | null;
  loaded_printer_name: string | null;
  loaded_tool: number | null;
};

export interface SpoolFilter {
  search?: string | undefined;
  material?: string | undefined;
  archived: 'active' | 'archived' | 'all';
  isLow?: boolean | undefined;
}

/** `%`, `_` and `\` typed by a person match themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function applyFilter(eb: SpoolsScope, workspaceId: number, f: SpoolFilter) {
  const conditions = [eb('s.workspace_id', '=', workspaceId)];
  if (f.archived !== 'all')
    conditions.push(eb('s.is_archived', '=', f.archived === 'archived' ? 1 : 0));
  if (f.material) conditions.push(eb('s.material', '=', f.material));
  if (f.isLow !== undefined) {
    conditions.push(
      f.isLow
        ? eb('s.remaining_weight_g', '<', eb.ref('s.low_threshold_g'))
        : eb('s.remaining_weight_g', '>=', eb.ref('s.low_threshold_g')),
    );
  }
  if (f.search) {
    const pattern = likePattern(f.search);
    conditions.push(
      eb.or(
        (['s.brand', 's.color_name', 's.location', 's.notes', 's.material'] as const).map(
          (column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  return eb.and(conditions);
}

export function createSpoolsRepository(db: Db) {
  const withPlace = (trx: Db) =>
    trx
      .selectFrom('spools as s')
      .leftJoin('printer_spools as ps', 'ps.spool_id', 's.id')
      .leftJoin('printers as p', 'p.id', 'ps.printer_id')
      .selectAll('s')
      .select([
        'ps.printer_id as loaded_printer_id',
        'p.name as loaded_printer_name',
        'ps.tool as loaded_tool',
      ]);

  return {
    /** A page of a workspace's spools, newest first, with where each is loaded. */
    async listSpools(
      workspaceId: number,
      filter: SpoolFilter,
      page: { size: number; beforeId?: number | undefined },
    ): Promise<{ rows: SpoolWithPlace[]; count: number }> {
      let query = withPlace(db).where((eb) => applyFilter(eb, workspaceId, filter));
      if (page.beforeId) query = query.where('s.id', '<', page.beforeId);
      const rows = await query
        .orderBy('s.id', 'desc')
        .limit(page.size + 1)
        .execute();
      const { n } = await db
        .selectFrom('spools as s')
        .select(sql<number>`count(*)`.as('n'))
        .where((eb) => applyFilter(eb, workspaceId, filter))
        .executeTakeFirstOrThrow();
      return { rows, count: Number(n) };
    },

    findSpool(workspaceId: number, spoolId: number, trx: Db = db) {
      return withPlace(trx)
        .where('s.workspace_id', '=', workspaceId)
        .where('s.id', '=', spoolId)
        .executeTakeFirst();
    },

    async insertSpools(spools: Array<Insertable<SpoolsTable>>, trx: Db = db): Promise<number[]> {
      const rows = await trx.insertInto('spools').values(spools).returning('id').execute();
      return rows.map((row) => row.id);
    },

    async updateSpool(
      spoolId: number,
      changes: Partial<Omit<SpoolRow, 'id' | 'workspace_id' | 'created_on'>>,
      trx: Db = db,
    ): Promise<void> {
      await trx.updateTable('spools').set(changes).where('id', '=', spoolId).execute();
    },

    /** Whether the workspace's spools come from Spoolman (a connection row, migration 0041). */
    async isSpoolmanWorkspace(workspaceId: number): Promise<boolean> {
      const row = await db
        .selectFrom('spoolman_connections')
        .select('workspace_id')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An archived spool leaves the printer it was loaded on. */
    async unloadSpool(spoolId: number, trx: Db = db): Promise<void> {
      await trx.deleteFrom('printer_spools').where('spool_id', '=', spoolId).execute();
    },
  };
}

export type SpoolsRepository = ReturnType<typeof createSpoolsRepository>;
