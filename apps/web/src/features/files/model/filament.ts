import type { FilamentColor } from '@printdeck/shared';

/** Each filament colour as the theme draws it. */
export const FILAMENT_SWATCHES: Record<FilamentColor, string> = {
  GRAY: 'var(--mantine-color-gray-6)',
  BLUE: 'var(--mantine-color-blue-6)',
  RED: 'var(--mantine-color-red-6)',
  GREEN: 'var(--mantine-color-green-6)',
  PINK: 'var(--mantine-color-pink-5)',
  ORANGE: 'var(--mantine-color-orange-6)',
};

/** The wire values that clear a filament field (PATCH): '' for the type, 'NULL' for the colour. */
export const NO_FILAMENT_TYPE = '';
export const NO_FILAMENT_COLOR = 'NULL';
