import { SPOOL_LOW_DEFAULT_G, SPOOL_MATERIALS, type SpoolMaterial } from '@printdeck/shared';
import type { SpoolsTable } from '../../db/schema.js';
import type { SpoolmanSpool } from './spoolman-client.js';

export type MirrorFields = Pick<
  SpoolsTable,
  | 'material'
  | 'color_hex'
  | 'color_name'
  | 'brand'
  | 'diameter_mm'
  | 'initial_weight_g'
  | 'remaining_weight_g'
  | 'cost_per_kg'
  | 'location'
  | 'notes'
> & { is_archived: number };

/** Spoolman's material is free text ("PLA+", "PETG-CF", "pa12"): its family, else OTHER. */
export function materialOf(text: string | undefined): SpoolMaterial {
  const upper = (text ?? '').trim().toUpperCase();
  const family = SPOOL_MATERIALS.filter((m) => m !== 'OTHER')
    // longest name first, so "PETG-CF" is PETG and "PA12" is PA
    .sort((a, b) => b.length - a.length)
    .find((m) => upper === m || upper.startsWith(m));
  return family ?? 'OTHER';
}

/** `RRGGBB[AA]` without `#` (or the first of a multi-colour filament) → `#rrggbb`. */
export function colorOf(filament: SpoolmanSpool['filament']): string {
  const first = filament.color_hex ?? filament.multi_color_hexes?.split(',')[0] ?? '';
  const hex = first.trim().replace(/^#/, '').slice(0, 6);
  return /^[0-9a-fA-F]{6}$/.test(hex) ? `#${hex.toLowerCase()}` : '#808080';
}

const text = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);
const finiteOr = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isFinite(value) ? value : fallback;

/**
 * A Spoolman spool as a row of the inventory. Weights: Spoolman's own `remaining_weight`
 * (initial − used, floored at 0), else initial − used; a spool whose weight Spoolman does not
 * know counts 0 g left, so the queue never promises filament nobody measured. Cost per kg from
 * the spool's price (else the filament's) over its net weight. `pendingG` is what ended jobs
 * took that is not written to Spoolman yet: it is already off the mirror, and stays off.
 */
export function toMirrorFields(spool: SpoolmanSpool, pendingG: number): MirrorFields {
  const initial = Math.max(0, finiteOr(spool.initial_weight, finiteOr(spool.filament.weight, 0)));
  const remaining = finiteOr(
    spool.remaining_weight,
    Math.max(0, initial - finiteOr(spool.used_weight, 0)),
  );
  const price = spool.price ?? spool.filament.price;
  const costPerKg =
    price !== undefined && Number.isFinite(price) && price >= 0 && initial > 0
      ? Math.round((price / (initial / 1000)) * 100) / 100
      : null;
  return {
    material: materialOf(spool.filament.material),
    color_hex: colorOf(spool.filament),
    color_name: text(spool.filament.name, 100),
    brand: text(spool.filament.vendor?.name, 100),
    diameter_mm: finiteOr(spool.filament.diameter, 1.75),
    initial_weight_g: initial,
    remaining_weight_g: Math.max(0, Math.round((remaining - pendingG) * 1000) / 1000),
    cost_per_kg: costPerKg,
    location: text(spool.location, 100),
    notes: text(spool.comment, 2000),
    is_archived: spool.archived === true ? 1 : 0,
  };
}

export const MIRROR_LOW_DEFAULT_G = SPOOL_LOW_DEFAULT_G;
