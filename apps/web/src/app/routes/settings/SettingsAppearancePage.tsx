import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { ThemeSelect } from '../../../components/ThemeSelect';
import { SettingsSection } from '../../../components/SettingsSection';

export function SettingsAppearancePage() {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('settings.pages.settingsAppearance')}>
      <ThemeSelect />
      <LanguageSelect />
    </SettingsSection>
  );
}
