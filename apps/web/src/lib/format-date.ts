/** D.M.YYYY in local time (spec part 1 §9), e.g. 2025-03-07 → "7.3.2025". */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}`;
}
