import type { TFunction } from 'i18next';

/**
 * A filament type as the user reads it: the material codes (PLA, PETG…) are the same in every
 * language, "OTHER" is a word and is translated.
 */
export function getFilamentTypeLabel(type: string, t: TFunction): string {
  return type === 'OTHER' ? t('filament.other') : type;
}
