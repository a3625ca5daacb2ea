/**
 * Every date and time the app shows, in one place (spec part 2 §9): D.M.YYYY and HH:mm:ss in
 * local time, in both languages. Inputs that the browser reads (YYYY-MM-DD fields) are not
 * shown text and keep their machine form.
 */
type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** D.M.YYYY, e.g. 2025-03-07 → "7.3.2025". */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}` : '';
}

/** HH:mm:ss, e.g. "09:05:07". */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : '';
}

/** HH:mm, for chart axes where seconds would crowd. */
export function formatClock(value: DateInput): string {
  return formatTime(value).slice(0, 5);
}

/** D.M.YYYY HH:mm:ss. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${formatTime(date)}` : '';
}

/** D.M., a day of the current range (chart axes), from a calendar day "YYYY-MM-DD". */
export function formatDayMonth(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${Number(match[3])}.${Number(match[2])}.` : '';
}
