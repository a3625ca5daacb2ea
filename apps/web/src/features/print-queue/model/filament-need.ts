import { findColorFamily, type FilamentRequirement } from '@printdeck/shared';
import type { TFunction } from 'i18next';

/** "PETG black", "black", "PETG": what a queue item requires of the loaded spool, in words. */
export function describeFilamentNeed(t: TFunction, required: FilamentRequirement): string {
  return [
    required.material === null ? null : t(`spools.materials.${required.material}`),
    required.color_hex === null ? null : t(`colors.${findColorFamily(required.color_hex)}`),
  ]
    .filter(Boolean)
    .join(' ');
}
