import { sql, type Compilable } from 'kysely';
import type { Db } from './database.js';

/** A count that stopped at its cap: `isCapped` says there are more than `count`. */
export interface CappedCount {
  count: number;
  isCapped: boolean;
}

/**
 * Counts the rows of `rows` (a select of anything) reading at most `cap + 1` of them, so a
 * count over a history that only grows costs the same at any size (issue 31).
 */
export async function countUpTo(
  db: Db,
  rows: { limit(limit: number): Compilable },
  cap: number,
): Promise<CappedCount> {
  const { rows: answer } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${rows.limit(cap + 1)} as capped`.execute(db);
  const counted = Number(answer[0]?.n ?? 0);
  return { count: Math.min(counted, cap), isCapped: counted > cap };
}
