/**
 * What the readers collect from a file before it becomes `GcodeMetadata`: per-extruder lists
 * as the slicer wrote them. Units are fixed here (mm, mm³, g, g/cm³, s) so every reader
 * converts once, where it knows the slicer's unit.
 */
export interface RawFields {
  timeSec?: number;
  layerHeightMm?: number;
  lengthsMm?: number[];
  volumesMm3?: number[];
  totalGrams?: number;
  gramsList?: number[];
  nozzlesMm?: number[];
  types?: string[];
  densities?: number[];
  diametersMm?: number[];
  /** 0-based filament indexes the print uses, where the slicer names them (Bambu). */
  usedSlots?: number[];
  /** The filament diameter to assume when the file gives none (2.85 mm on Ultimaker printers). */
  defaultDiameterMm?: number;
}

export type RawFieldKey = keyof RawFields;

/** Reads one window line at a time; `finish` hands over what it found. */
export interface FieldReader {
  readLine(line: string): void;
  finish(): RawFields;
}

/** Per-extruder entries above this index are ignored, so `#999999999` cannot grow an array. */
const MAX_EXTRUDERS = 64;

/**
 * Sets a field unless an earlier line already did: the first occurrence wins (Orca 1.5 wrote a
 * fake second generated-by line, and converted bgcode repeats keys in the head and tail).
 * `compute` runs only when the field is still empty, so repeated keys cost nothing.
 */
export function setOnce<K extends RawFieldKey>(
  fields: RawFields,
  key: K,
  compute: () => RawFields[K] | undefined,
): void {
  if (fields[key] !== undefined) return;
  const value = compute();
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
  if (typeof value === 'number' && !Number.isFinite(value)) return;
  fields[key] = value;
}

type ListKey = {
  [K in RawFieldKey]-?: NonNullable<RawFields[K]> extends unknown[] ? K : never;
}[RawFieldKey];

/** Sets entry `index` of a per-extruder list (ideaMaker `#n`, Cura `EXTRUDER_TRAIN.n`). */
export function setAt<K extends ListKey>(
  fields: RawFields,
  key: K,
  index: number,
  value: NonNullable<RawFields[K]>[number] | undefined,
): void {
  const isMissing = value === undefined || (typeof value === 'number' && !Number.isFinite(value));
  if (isMissing || !Number.isInteger(index) || index < 0 || index >= MAX_EXTRUDERS) return;
  const list = (fields[key] ?? []) as (typeof value)[];
  if (!isEmptyEntry(list[index])) return;
  // Gaps hold the same placeholders the list parsers use: NaN for numbers, '' for names.
  while (list.length < index) list.push((typeof value === 'number' ? Number.NaN : '') as never);
  list[index] = value;
  fields[key] = list as RawFields[K];
}

function isEmptyEntry(entry: unknown): boolean {
  return entry === undefined || entry === '' || Number.isNaN(entry);
}

/** Field by field, the first source that has a value. */
export function mergeFields(...sources: RawFields[]): RawFields {
  const merged: RawFields = {};
  for (const source of sources) {
    for (const key of Object.keys(source) as RawFieldKey[]) {
      setOnce(merged, key, () => source[key] as never);
    }
  }
  return merged;
}

export function sumFinite(values: readonly number[] | undefined): number | undefined {
  const finite = (values ?? []).filter((value) => Number.isFinite(value));
  return finite.length === 0 ? undefined : finite.reduce((sum, value) => sum + value, 0);
}
