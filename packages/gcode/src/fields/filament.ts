import type { FilamentType } from '../gcode-metadata.types.js';

/** The material's own name comes first; `PLA-CF`, `PLA+` and `PLA Silk` all count as PLA. */
export function readMaterialToken(raw: string): string {
  return (
    raw
      .trim()
      .toUpperCase()
      .split(/[-+\s_/]/)[0] ?? ''
  );
}

const PRODUCT_TYPES: Record<string, FilamentType> = {
  PLA: 'PLA',
  PETG: 'PETG',
  PET: 'PETG',
  PCTG: 'PETG',
  ASA: 'ASA',
  ABS: 'ABS',
  PC: 'PC',
  FLEX: 'FLEX',
  TPU: 'FLEX',
  TPE: 'FLEX',
  HIPS: 'HIPS',
  PP: 'PP',
};

export function normalizeFilamentType(raw: string): FilamentType {
  const token = readMaterialToken(raw);
  if (Object.hasOwn(PRODUCT_TYPES, token)) return PRODUCT_TYPES[token] as FilamentType;
  // Shore-hardness suffixes are glued on (`TPU95A`).
  if (/^(?:TPU|TPE)\d/.test(token)) return 'FLEX';
  return 'OTHER';
}

/** Typical densities in g/cm³ (reference §7), for files that give none. */
const DENSITIES: Record<string, number> = {
  PLA: 1.24,
  PETG: 1.27,
  PET: 1.27,
  PCTG: 1.27,
  ABS: 1.04,
  ASA: 1.07,
  TPU: 1.21,
  FLEX: 1.21,
  TPE: 1.21,
  PC: 1.2,
  PA: 1.14,
  PA6: 1.14,
  PA12: 1.14,
  NYLON: 1.14,
  HIPS: 1.04,
  PVA: 1.19,
  PP: 0.9,
  PVB: 1.08,
};
export const DEFAULT_DENSITY = DENSITIES.PLA as number;
export const DEFAULT_FILAMENT_DIAMETER_MM = 1.75;
export const ULTIMAKER_FILAMENT_DIAMETER_MM = 2.85;

export function findDensityForType(raw: string | undefined): number | undefined {
  const token = readMaterialToken(raw ?? '');
  return Object.hasOwn(DENSITIES, token) ? DENSITIES[token] : undefined;
}

export function computeCrossSectionMm2(diameterMm: number): number {
  return Math.PI * (diameterMm / 2) ** 2;
}
