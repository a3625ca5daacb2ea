import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../../lib/storage';
import {
  DEFAULT_SECTION_SETTINGS,
  getSectionSettingsKey,
  readSectionSettings,
  writeSectionSettings,
} from './section-settings';

describe('section settings', () => {
  it('defaults to expanded with the camera on', () => {
    expect(readSectionSettings(createMemoryStorage(), 5)).toEqual(DEFAULT_SECTION_SETTINGS);
  });

  it('keeps each group under its own key', () => {
    const storage = createMemoryStorage();
    writeSectionSettings(storage, 5, { isExpanded: false, isCameraOn: true });
    writeSectionSettings(storage, 'ALL-PRINTERS', { isExpanded: true, isCameraOn: false });
    expect(readSectionSettings(storage, 5)).toEqual({ isExpanded: false, isCameraOn: true });
    expect(readSectionSettings(storage, 'ALL-PRINTERS')).toEqual({
      isExpanded: true,
      isCameraOn: false,
    });
    expect(getSectionSettingsKey(5)).not.toBe(getSectionSettingsKey(6));
  });

  it('falls back to the defaults for unreadable values', () => {
    const storage = createMemoryStorage();
    storage.setItem(getSectionSettingsKey(1), '{not json');
    storage.setItem(getSectionSettingsKey(2), '{"isExpanded":"yes","isCameraOn":false}');
    expect(readSectionSettings(storage, 1)).toEqual(DEFAULT_SECTION_SETTINGS);
    expect(readSectionSettings(storage, 2)).toEqual({ isExpanded: true, isCameraOn: false });
  });
});
