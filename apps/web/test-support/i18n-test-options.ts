import type { InitOptions } from 'i18next';
import cs from '../src/i18n/cs.json';
import en from '../src/i18n/en.json';
import { I18N_BASE_OPTIONS } from '../src/i18n/i18n';

/** The app's i18next options with both languages at hand, for tests that render messages. */
export const I18N_OPTIONS = {
  ...I18N_BASE_OPTIONS,
  resources: { en: { translation: en }, cs: { translation: cs } },
} satisfies InitOptions;
