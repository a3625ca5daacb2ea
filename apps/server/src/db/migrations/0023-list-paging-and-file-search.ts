import { sql, type Kysely } from 'kysely';
import type { DialectName } from './migration-helpers.js';

/**
 * Issue 31: the queue list pages by index, and files search is served by an index on both
 * databases (SQLite: an FTS5 trigram table over `files.search_name`; PostgreSQL: a pg_trgm GIN
 * index). The search still applies its LIKE, so the index only narrows: same rows either way.
 */
const INDEXES: Array<[name: string, table: string, columns: string[]]> = [
  // the Queue box's pages (and the printed items) in queue order
  ['print_queue_items_list_idx', 'print_queue_items', ['workspace_id', 'state', 'position', 'id']],
  // the newest archived items
  [
    'print_queue_items_archive_idx',
    'print_queue_items',
    ['workspace_id', 'state', 'done_on', 'id'],
  ],
];

async function addSqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table files_search using fts5(
    search_name, content='files', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`insert into files_search(files_search) values ('rebuild')`.execute(db);
  await sql`create trigger files_search_insert after insert on files begin
    insert into files_search(rowid, search_name) values (new.id, new.search_name);
  end`.execute(db);
  await sql`create trigger files_search_delete after delete on files begin
    insert into files_search(files_search, rowid, search_name)
      values ('delete', old.id, old.search_name);
  end`.execute(db);
  await sql`create trigger files_search_update after update of search_name on files begin
    insert into files_search(files_search, rowid, search_name)
      values ('delete', old.id, old.search_name);
    insert into files_search(rowid, search_name) values (new.id, new.search_name);
  end`.execute(db);
}

/**
 * pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. It lives in
 * one schema per database (public unless it already exists elsewhere), so schemas of their own
 * (tests) share it. Without the right to create it, search keeps working without the index.
 */
async function addPostgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`savepoint pg_trgm`.execute(db);
  try {
    // two schemas migrated at once (tests) would both try to create it
    await sql`select pg_advisory_xact_lock(hashtext('printdeck pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const operators = sql.id(rows[0]!.schema, 'gin_trgm_ops');
  await sql`create index files_search_name_trgm_idx on files
    using gin (search_name ${operators})`.execute(db);
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const [name, table, columns] of INDEXES)
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  if (dialect === 'sqlite') await addSqliteSearch(db);
  else await addPostgresSearch(db);
}
