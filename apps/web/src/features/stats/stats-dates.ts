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

export function isStatsRangeValid(range: StatsRange): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(range.dateFrom) && day.test(range.dateTo) && range.dateFrom <= range.dateTo;
}
