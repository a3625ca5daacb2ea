import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { LIST_COUNT_CAP, SEARCH_COUNT_CAP } from '@printdeck/shared';
import { countUpTo, type CappedCount } from '../../db/count-up-to.js';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/migrations/migration-helpers.js';
import type { FilePreviewsTable, FilesTable } from '../../db/schema.js';
import { detachFileFromJobs } from '../stats/job-rollups-by-user-and-file.js';

export type FileRow = Selectable<FilesTable>;
export type FileWithUploader = FileRow & { uploaded_by: string | null };
export type NewFile = Insertable<FilesTable>;
export type NewPreview = Omit<Insertable<FilePreviewsTable>, 'file_id'>;
export type PreviewRow = Pick<
  Selectable<FilePreviewsTable>,
  'id' | 'file_id' | 'position' | 'width' | 'height'
>;

export interface FileFilter {
  /** files carrying any of these labels, or with no label at all */
  labelIds?: number[] | 'none';
  /** a LIKE pattern over search_name, wildcards in the user's text already escaped */
  searchPattern?: string;
  /** the folded search text, for the search index (SQLite: FTS5 trigram) to narrow the LIKE */
  searchText?: string;
}

/** The column a list is sorted by; `search_name` is the name folded for case-insensitivity. */
export type FileOrderColumn = 'uploaded_on' | 'search_name' | 'size';

export interface FileOrder {
  column: FileOrderColumn;
  direction: 'asc' | 'desc';
}

/** Where a page ends: the sort column's value and the id of its last row. */
export interface PageCursor {
  value: string | number;
  id: number;
}

/**
 * SQLite: the file ids whose name holds the text, from the trigram index (migration 0023); the
 * LIKE after it decides. Trigrams need three characters; shorter text scans, as before.
 * PostgreSQL's LIKE uses its pg_trgm index by itself.
 */
function searchIndexMatch(dialect: DialectName, text: string | undefined) {
  const phrase = searchPhrase(dialect, text);
  if (phrase === undefined) return undefined;
  return sql<boolean>`f.id in (select rowid from files_search where files_search match ${phrase})`;
}

function searchPhrase(dialect: DialectName, text: string | undefined) {
  if (dialect !== 'sqlite' || text === undefined || [...text].length < 3) return undefined;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * A search matching fewer than this many files (LIST_COUNT_CAP counts further) reads them from the search index and sorts them; a
 * broader one walks the list's sorted index, where matches are dense, and stops at the page.
 */
export const SEARCH_INDEX_DRIVES_BELOW = 2000;

export function createFilesRepository(db: Db, dialect: DialectName) {
  const filesOnly = () => db.selectFrom('files as f');
  /**
   * The files of the filter. `isSearchDriven`: the search index finds the rows (`+` keeps SQLite
   * off the workspace index). `isStreamed` (a count that stops at its cap): the index's matches
   * are joined one by one, so the count stops after the cap; an `in (…)` set would first
   * gather every match of every workspace (all 11,111 of "gear" at 10×: 47 ms, streamed 8 ms).
   */
  function filteredFiles(
    workspaceId: number,
    filter: FileFilter,
    isSearchDriven = true,
    isStreamed = false,
  ) {
    const phrase = isStreamed ? searchPhrase(dialect, filter.searchText) : undefined;
    const indexMatch = phrase ? undefined : searchIndexMatch(dialect, filter.searchText);
    const base = phrase
      ? (db
          .selectFrom(sql`files_search`.as('s'))
          .crossJoin('files as f')
          .where(sql<boolean>`files_search match ${phrase}`)
          .where(sql<boolean>`f.id = s.rowid`) as unknown as ReturnType<typeof filesOnly>)
      : filesOnly();
    let query = base.where(
      (indexMatch || phrase) && isSearchDriven
        ? sql<boolean>`+f.workspace_id = ${workspaceId}`
        : sql<boolean>`f.workspace_id = ${workspaceId}`,
    );
    if (indexMatch) query = query.where(indexMatch);
    if (filter.searchPattern !== undefined) {
      query = query.where(sql<boolean>`f.search_name like ${filter.searchPattern} escape '\\'`);
    }
    const { labelIds } = filter;
    if (labelIds === 'none') {
      query = query.where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('file_label_assignments as a')
              .select('a.file_id')
              .whereRef('a.file_id', '=', 'f.id'),
          ),
        ),
      );
    } else if (labelIds !== undefined) {
      // driven by the label index: a label's files are found without scanning the workspace
      query = query.where('f.id', 'in', (eb) =>
        eb
          .selectFrom('file_label_assignments as a')
          .select('a.file_id')
          .where('a.label_id', 'in', labelIds),
      );
    }
    return query;
  }

  const withUploader = (workspaceId: number, filter: FileFilter = {}, isSearchDriven = true) =>
    filteredFiles(workspaceId, filter, isSearchDriven)
      .leftJoin('users as u', 'u.id', 'f.uploaded_by_id')
      .selectAll('f')
      .select('u.username as uploaded_by');

  return {
    /**
     * Up to LIST_COUNT_CAP (a search: SEARCH_COUNT_CAP): a page costs the same however many
     * files the workspace holds and however many of them a search matches.
     */
    countFiles(workspaceId: number, filter: FileFilter): Promise<CappedCount> {
      const isSearch = filter.searchText !== undefined || filter.searchPattern !== undefined;
      return countUpTo(
        db,
        filteredFiles(workspaceId, filter, true, true).select(sql<number>`1`.as('one')),
        isSearch ? SEARCH_COUNT_CAP : LIST_COUNT_CAP,
      );
    },

    /** By keyset (sort value, id) in one direction: pages stay stable while files arrive. */
    listFiles(
      workspaceId: number,
      filter: FileFilter,
      page: { order: FileOrder; after?: PageCursor; limit: number; matching?: number },
    ): Promise<FileWithUploader[]> {
      const { after, order } = page;
      const isSearchDriven = (page.matching ?? 0) < SEARCH_INDEX_DRIVES_BELOW;
      const column = `f.${order.column}` as const;
      const comparison = order.direction === 'asc' ? '>' : '<';
      return (
        withUploader(workspaceId, filter, isSearchDriven)
          // a row-value comparison is one index range seek on both dialects; the OR form is not
          .$if(after !== undefined, (query) =>
            query.where(
              sql<boolean>`(${sql.ref(column)}, f.id) ${sql.raw(comparison)} (${after!.value}, ${after!.id})`,
            ),
          )
          .orderBy(column, order.direction)
          .orderBy('f.id', order.direction)
          .limit(page.limit)
          .execute()
      );
    },

    findFile(workspaceId: number, fileId: number): Promise<FileWithUploader | undefined> {
      return withUploader(workspaceId).where('f.id', '=', fileId).executeTakeFirst();
    },

    /** For links that name a file without its workspace; the caller checks access. */
    findFileById(fileId: number): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
    },

    findLabelsOfFiles(fileIds: number[]) {
      if (fileIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('file_label_assignments as a')
        .innerJoin('file_labels as l', 'l.id', 'a.label_id')
        .select(['a.file_id', 'l.id', 'l.name'])
        .where('a.file_id', 'in', fileIds)
        .orderBy('l.name')
        .orderBy('l.id')
        .execute();
    },

    findPreviewsOfFiles(fileIds: number[]): Promise<PreviewRow[]> {
      if (fileIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('file_previews')
        .select(['id', 'file_id', 'position', 'width', 'height'])
        .where('file_id', 'in', fileIds)
        .orderBy('position')
        .execute();
    },

    findPreview(fileId: number, previewId: number) {
      return db
        .selectFrom('file_previews as p')
        .innerJoin('files as f', 'f.id', 'p.file_id')
        .select(['p.storage_key', 'p.format', 'f.workspace_id'])
        .where('p.id', '=', previewId)
        .where('p.file_id', '=', fileId)
        .executeTakeFirst();
    },

    async insertFile(file: NewFile, previews: NewPreview[], trx: Db): Promise<number> {
      const { id } = await trx
        .insertInto('files')
        .values(file)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (previews.length > 0) {
        await trx
          .insertInto('file_previews')
          .values(previews.map((preview) => ({ ...preview, file_id: id })))
          .execute();
      }
      return id;
    },

    async updateFile(fileId: number, changes: Updateable<FilesTable>, trx: Db = db): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('files').set(changes).where('id', '=', fileId).execute();
    },

    async replaceLabels(fileId: number, labelIds: number[], trx: Db): Promise<void> {
      await trx.deleteFrom('file_label_assignments').where('file_id', '=', fileId).execute();
      if (labelIds.length === 0) return;
      await trx
        .insertInto('file_label_assignments')
        .values(labelIds.map((labelId) => ({ file_id: fileId, label_id: labelId })))
        .execute();
    },

    /** How many print-queue items name the file: they go when it is deleted (cascade). */
    async countQueueItems(fileId: number): Promise<number> {
      const row = await db
        .selectFrom('print_queue_items')
        .where('file_id', '=', fileId)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Deletes the file's rows (previews and label assignments cascade); gives its storage keys. */
    async deleteFile(file: FileRow, trx: Db): Promise<string[]> {
      const previews = await trx
        .selectFrom('file_previews')
        .select('storage_key')
        .where('file_id', '=', file.id)
        .execute();
      await detachFileFromJobs(trx, file); // its ended jobs now count as without a file
      await trx.deleteFrom('files').where('id', '=', file.id).execute();
      return [file.storage_key, ...previews.map((preview) => preview.storage_key)];
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
