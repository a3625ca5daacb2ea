import { useState } from 'react';
import { browserStorage } from '../../../../lib/storage';
import type { SectionId } from '../model/printer-sections';
import {
  readSectionSettings,
  writeSectionSettings,
  type SectionSettings,
} from '../model/section-settings';

/** A section's expanded state and camera toggle, kept in local storage per group. */
export function useSectionSettings(id: SectionId) {
  const [settings, setSettings] = useState(() => readSectionSettings(browserStorage, id));
  const change = (patch: Partial<SectionSettings>) => {
    const next = { ...settings, ...patch };
    writeSectionSettings(browserStorage, id, next);
    setSettings(next);
  };
  return { settings, change };
}
