/**
 * What a person types into a date or time field, read the way the spec writes dates (part 2 §9:
 * D.M.YYYY and HH:mm:ss in both languages), whatever language the browser itself runs in. The
 * values kept behind the fields are the API's: `YYYY-MM-DD` and `HH:mm`.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `D.M.YYYY`, also written with a space after each dot (the Czech habit: `27. 11. 2026`). */
const DAY_MONTH_YEAR = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOURS_MINUTES = /^(\d{1,2})[:.](\d{2})$/;

function toIsoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay && year >= 1000 ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** `27.11.2026`, `27. 11. 2026` or `2026-11-27` → `2026-11-27`; anything else (31.2.) → null. */
export function parseDayText(text: string): string | null {
  const trimmed = text.trim();
  const spoken = DAY_MONTH_YEAR.exec(trimmed);
  if (spoken) return toIsoDay(Number(spoken[3]), Number(spoken[2]), Number(spoken[1]));
  const iso = ISO_DAY.exec(trimmed);
  if (iso) return toIsoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

/** `2026-11-27` → `27.11.2026`; a value that is not a day is shown as it is. */
export function formatDayText(isoDay: string): string {
  const iso = ISO_DAY.exec(isoDay);
  return iso ? `${Number(iso[3])}.${Number(iso[2])}.${iso[1]}` : isoDay;
}

/** `7:05`, `07:05` or `7.05` (24-hour) → `07:05`; anything else (24:00, 7:5) → null. */
export function parseTimeText(text: string): string | null {
  const match = HOURS_MINUTES.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? `${pad(hours)}:${pad(minutes)}` : null;
}
