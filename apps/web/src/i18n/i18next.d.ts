import 'i18next';
import type en from './en.json';

/** English is the source of keys: t() accepts only keys that exist in en.json. */
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
