import type { FieldReader, RawFields } from '../fields/raw-fields.js';

/** Value text beyond this is never a value we need; the cap also bounds regex work. */
const MAX_VALUE_LENGTH = 1024;

/**
 * Splits a comment line into key and value at the first of `separators` (leading `;` and spaces
 * dropped, both sides trimmed). `null` when the line is no comment or has no separator.
 */
export function splitComment(line: string, separators: string): [string, string] | null {
  if (!line.startsWith(';')) return null;
  let at = -1;
  for (const separator of separators) {
    const index = line.indexOf(separator, 1);
    if (index > 0 && (at < 0 || index < at)) at = index;
  }
  if (at < 0) return null;
  const key = line.slice(1, at).trim();
  const value = line.slice(at + 1, at + 1 + MAX_VALUE_LENGTH).trim();
  return key === '' ? null : [key, value];
}

export type KeyHandler = (value: string, fields: RawFields) => void;

/** A key table as a Map, so a key such as `__proto__` or `constructor` finds nothing. */
export function createKeyTable(handlers: Record<string, KeyHandler>): Map<string, KeyHandler> {
  return new Map(Object.entries(handlers));
}

/** Feeds `key`/`value` pairs through a key table. */
export function applyKeys(
  entries: Iterable<readonly [string, string]>,
  table: Map<string, KeyHandler>,
): RawFields {
  const fields: RawFields = {};
  for (const [key, value] of entries) table.get(key)?.(value, fields);
  return fields;
}

/** A line shape a key table cannot express, such as numbered keys (`;Material#2 Used:`). */
export type LinePattern = [RegExp, (match: RegExpExecArray, fields: RawFields) => void];

/**
 * A reader for slicers whose useful lines are `;key<separator>value`, handled by a key table,
 * plus `patterns` tried first for lines of other shapes. `normalizeKey` folds spellings that
 * differ between versions.
 */
export function createKeyedReader(options: {
  separators: string;
  table: Map<string, KeyHandler>;
  patterns?: LinePattern[];
  normalizeKey?: (key: string) => string;
}): FieldReader {
  const fields: RawFields = {};
  const normalize = options.normalizeKey ?? ((key: string) => key);
  const patterns = options.patterns ?? [];
  return {
    readLine(line) {
      for (const [pattern, handle] of patterns) {
        const match = pattern.exec(line);
        if (match) return handle(match, fields);
      }
      const pair = splitComment(line, options.separators);
      if (pair) options.table.get(normalize(pair[0]))?.(pair[1], fields);
    },
    finish: () => fields,
  };
}
