import {
  SPOOL_DIAMETERS_MM,
  SPOOL_LOW_DEFAULT_G,
  type Spool,
  type SpoolMaterial,
} from '@printdeck/shared';

/** The spool dialog's fields as typed; numbers stay text until sent, so '' is "not given". */
export interface SpoolFormValues {
  material: SpoolMaterial;
  color_hex: string;
  color_name: string;
  brand: string;
  diameter_mm: string;
  initial_weight_g: string;
  remaining_weight_g: string;
  cost_per_kg: string;
  location: string;
  notes: string;
  low_threshold_g: string;
  quantity: string;
}

export const DIAMETER_CHOICES = SPOOL_DIAMETERS_MM.map(String);

export function getSpoolFormValues(spool?: Spool): SpoolFormValues {
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    material: spool?.material ?? 'PLA',
    color_hex: spool?.color_hex ?? '#000000',
    color_name: spool?.color_name ?? '',
    brand: spool?.brand ?? '',
    diameter_mm: text(spool?.diameter_mm ?? 1.75),
    initial_weight_g: text(spool?.initial_weight_g ?? 1000),
    remaining_weight_g: text(spool?.remaining_weight_g),
    cost_per_kg: text(spool?.cost_per_kg),
    location: spool?.location ?? '',
    notes: spool?.notes ?? '',
    low_threshold_g: text(spool?.low_threshold_g ?? SPOOL_LOW_DEFAULT_G),
    quantity: '1',
  };
}

/** A number field as the API takes it: '' is left out (or null where the API clears it). */
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The body of a create (with quantity) or an edit (without); the server validates. */
export function toSpoolBody(values: SpoolFormValues, isNew: boolean) {
  const body = {
    material: values.material,
    color_hex: values.color_hex,
    color_name: values.color_name,
    brand: values.brand,
    diameter_mm: toNumber(values.diameter_mm),
    initial_weight_g: toNumber(values.initial_weight_g) ?? Number.NaN,
    remaining_weight_g: toNumber(values.remaining_weight_g),
    cost_per_kg: toNumber(values.cost_per_kg) ?? null,
    location: values.location,
    notes: values.notes,
    low_threshold_g: toNumber(values.low_threshold_g),
  };
  return isNew ? { ...body, quantity: toNumber(values.quantity) ?? 1 } : body;
}
