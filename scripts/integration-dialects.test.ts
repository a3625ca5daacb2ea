import { describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, SQLITE_ONLY } from './integration-dialects.mjs';

describe('which integration tests run on PostgreSQL too', () => {
  const sqliteOnly = Object.keys(SQLITE_ONLY);
  const both = Object.keys(BOTH_DIALECTS);

  it('puts no file in both lists, and gives every file a reason', () => {
    expect(sqliteOnly.filter((file) => both.includes(file))).toEqual([]);
    const unexplained = Object.entries({ ...SQLITE_ONLY, ...BOTH_DIALECTS })
      .filter(([, reason]) => reason.trim().length < 10)
      .map(([file]) => file);
    expect(unexplained).toEqual([]);
  });
});
