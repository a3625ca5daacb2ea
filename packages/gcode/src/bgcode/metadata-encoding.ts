import { MetadataEncoding } from './bgcode-format.js';

export type MetadataEntries = Array<[string, string]>;

/**
 * A metadata block's `key=value` records, split at the first `=` (values may hold `=`, keys
 * may hold spaces and brackets). Lines without `=` are skipped; libbgcode's own decoder would
 * loop forever on one.
 */
export function parseIniMetadata(text: string): MetadataEntries {
  const entries: MetadataEntries = [];
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) entries.push([line.slice(0, at).trim(), line.slice(at + 1).replace(/\r$/, '')]);
  }
  return entries;
}

/**
 * The JSON slicer block (encoding 1) is new and its layout unseen in real files, so only flat
 * keys are taken: strings and numbers as they are, lists of them joined with `;`, which the
 * list parsers split again.
 */
export function parseJsonMetadata(text: string): MetadataEntries {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  return Object.entries(parsed).flatMap(([key, value]): MetadataEntries => {
    const text = toEntryText(value);
    return text === null ? [] : [[key, text]];
  });
}

function toEntryText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) {
    return value.map(String).join(';');
  }
  return null;
}

export function parseMetadata(data: Buffer, encoding: number): MetadataEntries {
  const text = data.toString('utf8');
  return encoding === MetadataEncoding.Json ? parseJsonMetadata(text) : parseIniMetadata(text);
}
