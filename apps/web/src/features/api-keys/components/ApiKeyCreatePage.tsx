import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection';
import { SCREEN_PATHS } from '../../../config/screens';
import { ApiKeyCreateForm } from './ApiKeyCreateForm';

/** Settings → API keys → New (spec part 2 §2.12): a name, the scope, the key shown once. */
export function ApiKeyCreatePage() {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t('apiKeys.createTitle')}
      back={{ to: SCREEN_PATHS.settingsApiTokens, label: t('apiKeys.backToList') }}
    >
      <ApiKeyCreateForm />
    </SettingsSection>
  );
}
