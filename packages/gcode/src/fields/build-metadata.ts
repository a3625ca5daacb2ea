import type { GcodeMetadata, GcodeThumbnail } from '../gcode-metadata.types.js';
import {
  DEFAULT_DENSITY,
  DEFAULT_FILAMENT_DIAMETER_MM,
  computeCrossSectionMm2,
  findDensityForType,
  normalizeFilamentType,
} from './filament.js';
import { sumFinite, type RawFields } from './raw-fields.js';

export interface SlicerName {
  name: string | null;
  version: string | null;
}

export interface MetadataParts {
  format: GcodeMetadata['format'];
  slicer: SlicerName;
  fields: RawFields;
  thumbnails: GcodeThumbnail[];
}

/**
 * Plausible ranges; anything outside is a corrupt or hostile value and is reported as unknown
 * rather than passed on to the product.
 */
const RANGES = {
  timeSec: { min: 0, max: 366 * 86_400, decimals: 0 },
  layerHeightMm: { min: 0.001, max: 10, decimals: 4 },
  nozzleMm: { min: 0.01, max: 10, decimals: 4 },
  lengthMm: { min: 0, max: 1e9, decimals: 3 },
  grams: { min: 0, max: 1e7, decimals: 3 },
  diameterMm: { min: 0.1, max: 10 },
  density: { min: 0.1, max: 25 },
} as const satisfies Record<string, Range>;

interface Range {
  min: number;
  max: number;
  /** Rounding, so float noise such as 0.19999999999999998 does not reach the product. */
  decimals?: number;
}

const MAX_TEXT = 64;
/** More extruders than any real machine (an AMS has 16 slots × 4 units) is a corrupt file. */
const MAX_TOOLS = 64;

export function buildMetadata(parts: MetadataParts): GcodeMetadata {
  const { fields } = parts;
  const used = findUsedIndexes(fields);
  const first = used[0] ?? 0;
  const extruders = describeExtruders(fields);
  const lengthMm = sumFinite(extruders.map((extruder) => extruder.lengthMm));
  const grams = pickGrams(fields, extruders);
  const types = [...new Set(used.map((index) => fields.types?.[index] ?? '').filter(Boolean))];
  const firstType = types[0] ?? fields.types?.find(Boolean);
  return {
    format: parts.format,
    slicer: cleanText(parts.slicer.name),
    slicer_version: cleanText(parts.slicer.version),
    printing_time_sec: inRange(fields.timeSec, RANGES.timeSec),
    layer_height_mm: inRange(fields.layerHeightMm, RANGES.layerHeightMm),
    filament_used_mm: inRange(lengthMm, RANGES.lengthMm),
    filament_used_g: grams.value,
    filament_used_g_source: grams.value === null ? null : grams.source,
    filament_used_g_per_tool: pickGramsPerTool(fields, extruders, grams.source),
    nozzle_diameter_mm: inRange(
      fields.nozzlesMm?.[first] ?? fields.nozzlesMm?.[0],
      RANGES.nozzleMm,
    ),
    filament_type: firstType === undefined ? null : normalizeFilamentType(firstType),
    filament_type_raw: cleanText(types.length > 0 ? types.join(';') : (firstType ?? null)),
    thumbnails: parts.thumbnails,
  };
}

/** The filaments the print uses: named by the slicer (Bambu), else those with length > 0. */
function findUsedIndexes(fields: RawFields): number[] {
  if (fields.usedSlots && fields.usedSlots.length > 0) return fields.usedSlots;
  const withLength = (fields.lengthsMm ?? []).flatMap((length, index) =>
    length > 0 ? [index] : [],
  );
  return withLength.length > 0 ? withLength : [0];
}

interface Extruder {
  lengthMm: number;
  volumeMm3: number;
  density: number;
}

/** Length and volume of each extruder, each derived from the other where only one is given. */
function describeExtruders(fields: RawFields): Extruder[] {
  const count = Math.max(fields.lengthsMm?.length ?? 0, fields.volumesMm3?.length ?? 0);
  return Array.from({ length: count }, (_, index) => {
    const diameter =
      inRange(fields.diametersMm?.[index] ?? fields.diametersMm?.[0], RANGES.diameterMm) ??
      fields.defaultDiameterMm ??
      DEFAULT_FILAMENT_DIAMETER_MM;
    const area = computeCrossSectionMm2(diameter);
    const length = fields.lengthsMm?.[index];
    const volume = fields.volumesMm3?.[index];
    const lengthMm = isPositiveOrZero(length) ? length : (volume ?? Number.NaN) / area;
    return {
      lengthMm,
      volumeMm3: lengthMm * area,
      density: findDensity(fields, index),
    };
  });
}

/** `filament_density = 0` is PrusaSlicer's and Orca's unset default, so it counts as missing. */
function findDensity(fields: RawFields, index: number): number {
  const fromFile = fields.densities?.[index] ?? fields.densities?.[0];
  return (
    inRange(fromFile, RANGES.density) ??
    findDensityForType(fields.types?.[index] ?? fields.types?.[0]) ??
    DEFAULT_DENSITY
  );
}

function pickGrams(
  fields: RawFields,
  extruders: Extruder[],
): { value: number | null; source: 'slicer' | 'computed' } {
  const reported = fields.totalGrams ?? sumFinite(fields.gramsList);
  // Slicers write 0 g when no density was set; a real print with length > 0 never weighs 0.
  const hasLength = extruders.some((extruder) => extruder.lengthMm > 0);
  if (reported !== undefined && (reported > 0 || !hasLength)) {
    return { value: inRange(reported, RANGES.grams), source: 'slicer' };
  }
  const computed = sumFinite(
    extruders.map((extruder) => (extruder.volumeMm3 * extruder.density) / 1000),
  );
  return { value: inRange(computed, RANGES.grams), source: 'computed' };
}

/** Per extruder, from the same source as the total: the slicer's list, else length × density. */
function pickGramsPerTool(
  fields: RawFields,
  extruders: Extruder[],
  source: 'slicer' | 'computed',
): number[] | null {
  const values =
    source === 'slicer' && fields.gramsList && fields.gramsList.length > 0
      ? fields.gramsList
      : extruders.map((extruder) => (extruder.volumeMm3 * extruder.density) / 1000);
  if (values.length === 0 || values.length > MAX_TOOLS) return null;
  const checked = values.map((value) => inRange(value, RANGES.grams));
  return checked.every((value) => value !== null) ? (checked as number[]) : null;
}

function isPositiveOrZero(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value >= 0;
}

function inRange(value: number | undefined, { min, max, decimals }: Range): number | null {
  if (value === undefined || !Number.isFinite(value) || value < min || value > max) return null;
  if (decimals === undefined) return value;
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/** File text is attacker-controlled: no control characters, bounded length. */
function cleanText(text: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = (text ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' ? null : cleaned.slice(0, MAX_TEXT);
}
