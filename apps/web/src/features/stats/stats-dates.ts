export interface StatsRange {
  dateFrom: string;
  dateTo: string;
}

function toDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last year up to today, as YYYY-MM-DD (spec part 2 §9). */
export function getDefaultStatsRange(today: Date): StatsRange {
  const yearAgo = new Date(today);
  yearAgo.setFullYear(today.getFullYear() - 1);
  return { dateFrom: toDay(yearAgo), dateTo: toDay(today) };
}

/** What keeps a range from being asked for, naming the field to fix; null when it is fine. */
export type StatsRangeProblem =
  { field: 'dateFrom' | 'dateTo'; reason: 'missing' } | { field: 'dateTo'; reason: 'beforeFrom' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function getStatsRangeProblem(range: StatsRange): StatsRangeProblem | null {
  if (!DAY.test(range.dateFrom)) return { field: 'dateFrom', reason: 'missing' };
  if (!DAY.test(range.dateTo)) return { field: 'dateTo', reason: 'missing' };
  if (range.dateFrom > range.dateTo) return { field: 'dateTo', reason: 'beforeFrom' };
  return null;
}

export function isStatsRangeValid(range: StatsRange): boolean {
  return getStatsRangeProblem(range) === null;
}
