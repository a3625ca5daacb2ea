import type { Locale } from '@printdeck/shared';
import i18next, { type InitOptions } from 'i18next';
import { useEffect } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { browserStorage } from '../lib/storage';
import { setNumberLocale } from '../lib/number-locale';
import { detectLanguage } from './detect-language';

export const LANGUAGE_KEY = 'printdeck.language';

type Translation = Record<string, unknown>;

/**
 * Each language is its own chunk, loaded when it is used: the sign-in page carries one
 * translation, not both (issue 15: its JavaScript stays under 250 kB gzip).
 */
const TRANSLATIONS: Record<Locale, () => Promise<{ default: Translation }>> = {
  en: () => import('./en.json'),
  cs: () => import('./cs.json'),
};

/** Options of the app's i18next instance, without resources; tests add theirs. */
export const I18N_BASE_OPTIONS = {
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
  setNumberLocale(language);
}

async function loadLanguage(language: Locale): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const translation = (await TRANSLATIONS[language]()).default;
  i18next.addResourceBundle(language, 'translation', translation);
}

/** Starts i18next with the person's language, loaded before the first render. */
export async function initI18n(): Promise<typeof i18next> {
  const language = detectLanguage(browserStorage.getItem(LANGUAGE_KEY), navigator.languages);
  const translation = (await TRANSLATIONS[language]()).default;
  await i18next.use(initReactI18next).init({
    ...I18N_BASE_OPTIONS,
    resources: { [language]: { translation } },
    lng: language,
  });
  applyDocumentLanguage(language);
  i18next.on('languageChanged', applyDocumentLanguage);
  return i18next;
}

/**
 * The language picker's state. Where a picker shows, the other languages load in the
 * background, so that choosing one switches at once.
 */
export function useLanguage(): { language: Locale; setLanguage: (language: Locale) => void } {
  const { i18n } = useTranslation();
  const language = detectLanguage(i18n.resolvedLanguage ?? null, []);
  useEffect(() => {
    for (const other of Object.keys(TRANSLATIONS) as Locale[]) void loadLanguage(other);
  }, []);
  const setLanguage = (next: Locale) => {
    browserStorage.setItem(LANGUAGE_KEY, next);
    if (i18n.hasResourceBundle(next, 'translation')) void i18n.changeLanguage(next);
    else void loadLanguage(next).then(() => i18n.changeLanguage(next));
  };
  return { language, setLanguage };
}
