import { LOCALES } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, useLanguage } from '../i18n/i18n';
import { ChoiceGroup } from './ChoiceGroup';

export function LanguageSelect() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <ChoiceGroup
      label={t('language.label')}
      value={language}
      options={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
      onChange={setLanguage}
    />
  );
}
