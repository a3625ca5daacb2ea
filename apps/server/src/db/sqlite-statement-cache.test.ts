import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache.js';

let sqlite: BetterSqlite3.Database;
afterEach(() => sqlite.close());

function open() {
  sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.exec("insert into t (name) values ('a'), ('b'), ('c')");
  return withStatementCache(sqlite);
}

describe('the SQLite statement cache', () => {
  it('prepares a text once and answers it again with current rows', () => {
    const db = open();
    const first = db.prepare('select name from t order by id');
    expect(db.prepare('select name from t order by id')).toBe(first);
    sqlite.exec("insert into t (name) values ('d')");
    expect(first.all([])).toHaveLength(4);
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    const db = open();
    const kept = db.prepare('select id from t order by id') as BetterSqlite3.Statement;
    const ids: number[] = [];
    for (const row of kept.iterate() as Iterable<{ id: number }>) {
      const inner = db.prepare('select id from t order by id') as BetterSqlite3.Statement;
      expect(inner).not.toBe(kept);
      ids.push(row.id, (inner.all() as Array<{ id: number }>).length);
    }
    expect(ids).toEqual([1, 3, 2, 3, 3, 3]);
  });

  it('keeps a bounded number of texts, dropping the least recently used', () => {
    const db = open();
    const often = db.prepare('select 0');
    for (let i = 1; i <= 1500; i++) {
      db.prepare(`select ${i}`);
      if (i % 100 === 0) expect(db.prepare('select 0')).toBe(often);
    }
    expect(db.prepare('select 1')).not.toBe(db.prepare('select 2'));
    const early = db.prepare('select 1'); // dropped long ago: prepared anew, then kept
    expect(db.prepare('select 1')).toBe(early);
  });
});
