import { formatDecimal } from './number-locale';

/**
 * Units of spec part 1 §9: sizes B to TB, print time in h/min/s, lengths m/cm/mm, grams, with
 * the decimal separator of the person's language.
 */

const NOTHING = '–';

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value) || value < 0;

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; bytes stay whole, larger units get one decimal. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (isMissing(bytes)) return NOTHING;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${formatDecimal(value, 1)} ${SIZE_UNITS[unit]}`;
}

/** 3725 → "1 h 02 min 05 s", 65 → "1 min 05 s", 7 → "7 s". */
export function formatPrintTime(seconds: number | null | undefined): string {
  if (isMissing(seconds)) return NOTHING;
  const whole = Math.round(seconds);
  const parts = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const [hours = 0, minutes = 0, rest = 0] = parts;
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours} h ${twoDigits(minutes)} min ${twoDigits(rest)} s`;
  if (minutes > 0) return `${minutes} min ${twoDigits(rest)} s`;
  return `${rest} s`;
}

/** A length given in mm, in the largest of m, cm and mm that reads ≥ 1: 2522.2 → "2.52 m". */
export function formatLength(millimetres: number | null | undefined): string {
  if (isMissing(millimetres)) return NOTHING;
  if (millimetres >= 1000) return `${formatDecimal(millimetres / 1000, 2)} m`;
  if (millimetres >= 10) return `${formatDecimal(millimetres / 10, 1)} cm`;
  return `${formatDecimal(millimetres, 2, true)} mm`;
}

/** Weight in rounded grams: 3.7 → "4 g". */
export function formatGrams(grams: number | null | undefined): string {
  return isMissing(grams) ? NOTHING : `${Math.round(grams)} g`;
}

/** A small measure in mm as the slicer gave it: 0.2 → "0.2 mm". */
export function formatMillimetres(millimetres: number | null | undefined): string {
  return isMissing(millimetres) ? NOTHING : `${formatDecimal(millimetres, 3, true)} mm`;
}
