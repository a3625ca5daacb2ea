/**
 * Turning the text of one slicer value into numbers, lists and durations. Every value comes from
 * an untrusted file, so each parser returns `undefined` (or NaN in lists, to keep extruder
 * positions) rather than throwing.
 */

// A missing leading zero (`.5`) occurs in Cura and DSF samples.
const NUMBER_AT_START = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/;

export function parseNumber(text: string): number | undefined {
  const match = NUMBER_AT_START.exec(stripQuotes(text));
  if (!match) return undefined;
  const value = Number(match[0]);
  return Number.isFinite(value) ? value : undefined;
}

/** `0.4,0.4`, `1.75|1.75`, `"1.24";"1.27"`: one entry per extruder, NaN where unreadable. */
export function parseNumberList(text: string): number[] {
  return splitList(text).map((item) => parseNumber(item) ?? Number.NaN);
}

/** `PLA;PETG`, `"Prusament PLA";"Generic PETG"`, `PLA,PLA`. */
export function parseStringList(text: string): string[] {
  return splitList(text).map(stripQuotes);
}

function splitList(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(/[,;|]/).map((item) => item.trim());
}

function stripQuotes(text: string): string {
  return text
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
}

const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1 };
const DURATION_PART =
  /(?<!\d)(\d+(?:\.\d+)?)\s*(days?|d|hours?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])/gi;

/**
 * `1d 2h 3m 4s` (Slic3r family), `0 hours 31 minutes` (Simplify3D), `40m:36s`, or a bare number
 * of seconds (Cura, ideaMaker).
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  let total = 0;
  let found = false;
  for (const match of trimmed.matchAll(DURATION_PART)) {
    const unit = (match[2] ?? '').charAt(0).toLowerCase();
    total += Number(match[1]) * (UNIT_SECONDS[unit] ?? 0);
    found = true;
  }
  return found ? total : undefined;
}

/** A number and its unit; `(?<!\d)` starts only at a digit run's start (linear, checklist C25). */
const NUMBER_WITH_UNIT = {
  m: /(?<!\d)(\d+(?:\.\d+)?|\.\d+)\s*m(?![a-z0-9])/gi,
  mm: /(?<!\d)(\d+(?:\.\d+)?|\.\d+)\s*mm(?![a-z0-9])/gi,
  mm3: /(?<!\d)(\d+(?:\.\d+)?|\.\d+)\s*mm3(?![a-z0-9])/gi,
} as const;

/** Every `<number><unit>` in `text`, e.g. the metres in Cura's `0.00829066m, 0m`. */
export function parseNumbersWithUnit(text: string, unit: keyof typeof NUMBER_WITH_UNIT): number[] {
  return [...text.matchAll(NUMBER_WITH_UNIT[unit])].map((match) => Number(match[1]));
}

/** A single value as a one-extruder list, or nothing. */
export function toList(value: number | undefined): number[] | undefined {
  return value === undefined ? undefined : [value];
}
