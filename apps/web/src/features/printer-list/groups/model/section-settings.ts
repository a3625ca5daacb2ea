import type { KeyValueStorage } from '../../../../lib/storage';
import type { SectionId } from './printer-sections';

/** Kept per printer group in local storage, keyed by the group's id (spec part 1 §2). */
export interface SectionSettings {
  isExpanded: boolean;
  isCameraOn: boolean;
}

export const DEFAULT_SECTION_SETTINGS: SectionSettings = { isExpanded: true, isCameraOn: true };
const KEY_PREFIX = 'printdeck.printerGroup.';

export function getSectionSettingsKey(id: SectionId): string {
  return `${KEY_PREFIX}${id}`;
}

/** What is stored, read defensively: anything unreadable falls back to the defaults. */
export function readSectionSettings(storage: KeyValueStorage, id: SectionId): SectionSettings {
  const raw = storage.getItem(getSectionSettingsKey(id));
  if (!raw) return DEFAULT_SECTION_SETTINGS;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof SectionSettings, unknown>>;
    return {
      isExpanded:
        typeof value.isExpanded === 'boolean'
          ? value.isExpanded
          : DEFAULT_SECTION_SETTINGS.isExpanded,
      isCameraOn:
        typeof value.isCameraOn === 'boolean'
          ? value.isCameraOn
          : DEFAULT_SECTION_SETTINGS.isCameraOn,
    };
  } catch {
    return DEFAULT_SECTION_SETTINGS;
  }
}

export function writeSectionSettings(
  storage: KeyValueStorage,
  id: SectionId,
  settings: SectionSettings,
): void {
  storage.setItem(getSectionSettingsKey(id), JSON.stringify(settings));
}
