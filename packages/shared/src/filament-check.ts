import type { FilamentType } from './schemas/files.schema.js';
import type { SpoolMaterial } from './schemas/spools.schema.js';

/**
 * Spec part 1 §5, rule 3: a printer with a filament type set takes only G-codes of that type.
 * One rule for every way a print starts: the print dialog, the API, the print queue's
 * "Print now", the jobox auto-start and dispatch.
 */
export function isFilamentWrongFor(
  printerFilament: FilamentType | null,
  fileFilament: FilamentType | null,
): boolean {
  return printerFilament !== null && printerFilament !== fileFilament;
}

export const WRONG_FILAMENT_MESSAGE =
  'Not all selected printers have loaded the correct filament type.';

/** Issue 26: the file filament type each spool material prints (a file names no TPU or PA). */
export const FILAMENT_OF_SPOOL_MATERIAL: Record<SpoolMaterial, FilamentType> = {
  PLA: 'PLA',
  PETG: 'PETG',
  ASA: 'ASA',
  ABS: 'ABS',
  TPU: 'FLEX',
  PA: 'OTHER',
  PC: 'PC',
  OTHER: 'OTHER',
};

/** A spool loaded on one of a printer's tools, as the filament check needs it. */
export interface LoadedFilament {
  material: SpoolMaterial;
  remaining_weight_g: number;
  /** `#rrggbb` */
  color_hex: string;
}

/** What a queue item asks of the loaded spool besides its file (issue 26); null is "any". */
export interface FilamentRequirement {
  material: SpoolMaterial | null;
  color_hex: string | null;
}

export type LoadedFilamentProblem = 'wrong_material' | 'not_enough_left' | 'required_not_loaded';

/**
 * The colour match rule: two colours match when their CIE76 distance (ΔE*ab, Euclidean in
 * CIELAB, D65) is at most this. About 2.3 is the smallest difference a person notices side by
 * side; 10 takes two blacks of different brands (#111111 and #1a1a1a: ΔE ≈ 4) as one colour and
 * keeps black apart from dark grey (#111111 and #404040: ΔE ≈ 22) and red from orange.
 */
export const COLOR_MATCH_MAX_DELTA_E = 10;

function toLab(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const linear = [16, 8, 0].map((shift) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const [r, g, b] = linear;
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116));
  const [fx, fy, fz] = xyz as [number, number, number];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 ΔE*ab between two `#rrggbb` colours. */
export function findColorDistance(a: string, b: string): number {
  const [l1, a1, b1] = toLab(a);
  const [l2, a2, b2] = toLab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

export const isColorMatch = (a: string, b: string): boolean =>
  a.toLowerCase() === b.toLowerCase() || findColorDistance(a, b) <= COLOR_MATCH_MAX_DELTA_E;

/** Colour names a person says ("needs PETG black"): the nearest of these, by the same distance. */
export const COLOR_FAMILIES = {
  black: '#000000',
  grey: '#808080',
  white: '#ffffff',
  red: '#d0021b',
  orange: '#f5820b',
  yellow: '#f8e71c',
  green: '#2e9e3a',
  blue: '#1f5fd1',
  purple: '#7b2fbe',
  pink: '#f06ea9',
  brown: '#7a4a1e',
} as const;
export type ColorFamily = keyof typeof COLOR_FAMILIES;

export function findColorFamily(hex: string): ColorFamily {
  let best: ColorFamily = 'black';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [family, reference] of Object.entries(COLOR_FAMILIES)) {
    const distance = findColorDistance(hex, reference);
    if (distance < bestDistance) {
      best = family as ColorFamily;
      bestDistance = distance;
    }
  }
  return best;
}

const isRequiring = (required: FilamentRequirement | null | undefined) =>
  !!required && (required.material !== null || required.color_hex !== null);

/** Whether a loaded spool is what the item asks for: its material, a matching colour. */
export function meetsRequirement(spool: LoadedFilament, required: FilamentRequirement): boolean {
  return (
    (required.material === null || spool.material === required.material) &&
    (required.color_hex === null || isColorMatch(spool.color_hex, required.color_hex))
  );
}

/**
 * Issue 26, the queue knows filament: a printer with spools loaded takes a file only when one
 * of them holds the file's material (a file that names none takes any) and has at least the
 * file's estimate left. A printer with nothing loaded answers by its filament type alone.
 * A queue item's requirement (a material, a colour, or both) narrows it further: one such spool
 * must also be of that material and match that colour (`isColorMatch`); a printer with nothing
 * loaded cannot show it has it, so it does not take such an item.
 */
export function findLoadedFilamentProblem(
  loaded: readonly LoadedFilament[],
  file: { filament_type: FilamentType | null; filament_used_g: number | null },
  required?: FilamentRequirement | null,
): LoadedFilamentProblem | null {
  const isRequired = isRequiring(required);
  if (loaded.length === 0) return isRequired ? 'required_not_loaded' : null;
  const ofFile = loaded.filter(
    (spool) =>
      file.filament_type === null ||
      FILAMENT_OF_SPOOL_MATERIAL[spool.material] === file.filament_type,
  );
  if (ofFile.length === 0) return 'wrong_material';
  const matching = isRequired
    ? ofFile.filter((spool) => meetsRequirement(spool, required!))
    : ofFile;
  if (matching.length === 0) return 'required_not_loaded';
  const needed = file.filament_used_g ?? 0;
  return matching.some((spool) => spool.remaining_weight_g >= needed) ? null : 'not_enough_left';
}

export const LOADED_FILAMENT_MESSAGES: Record<LoadedFilamentProblem, string> = {
  wrong_material: 'The spool loaded on the printer holds another material than the file needs.',
  not_enough_left: 'The spool loaded on the printer has less filament left than the file needs.',
  required_not_loaded:
    'No spool of the material and colour this queue item needs is loaded on the printer.',
};
