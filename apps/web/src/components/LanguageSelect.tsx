import { LOCALES, type Locale } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, useLanguage } from '../i18n/i18n';
import { ChoiceGroup } from './ChoiceGroup';

/** `onChange` also hears the choice, e.g. to keep it on the account for notifications. */
export function LanguageSelect(props: { onChange?: (language: Locale) => void }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <ChoiceGroup
      label={t('language.label')}
      value={language}
      options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
      onChange={(next) => {
        setLanguage(next);
        props.onChange?.(next);
      }}
    />
  );
}
