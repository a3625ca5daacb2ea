import type { Locale } from '@printdeck/shared';
import i18next, { type InitOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { browserStorage } from '../lib/storage';
import cs from './cs.json';
import { detectLanguage } from './detect-language';
import en from './en.json';

export const LANGUAGE_KEY = 'printdeck.language';

export const resources = { en: { translation: en }, cs: { translation: cs } } as const;

/** Options of the app's i18next instance; tests build theirs from the same. */
export const I18N_OPTIONS = {
  resources,
  fallbackLng: 'en',
  supportedLngs: ['en', 'cs'],
  // React escapes what it renders
  interpolation: { escapeValue: false },
  initAsync: false,
} satisfies InitOptions;

/** Each language is named in itself, so a user finds theirs whatever the UI language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', cs: 'Čeština' };

function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export function initI18n(): typeof i18next {
  const language = detectLanguage(browserStorage.getItem(LANGUAGE_KEY), navigator.languages);
  void i18next.use(initReactI18next).init({ ...I18N_OPTIONS, lng: language });
  applyDocumentLanguage(language);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next;
}

export function useLanguage(): { language: Locale; setLanguage: (language: Locale) => void } {
  const { i18n } = useTranslation();
  const language = detectLanguage(i18n.resolvedLanguage ?? null, []);
  const setLanguage = (next: Locale) => {
    browserStorage.setItem(LANGUAGE_KEY, next);
    void i18n.changeLanguage(next);
  };
  return { language, setLanguage };
}
