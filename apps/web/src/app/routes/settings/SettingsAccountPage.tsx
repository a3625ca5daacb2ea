import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useMe } from '../../../features/account/api/get-me';
import { SettingsSection } from './SettingsSection';

/** The Telegram link joins this page with the notifications feature. */
export function SettingsAccountPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <SettingsSection title={t('settings.pages.settingsAccount')}>
      {me && <Text>{t('settings.account.signedInAs', { email: me.email })}</Text>}
      <LanguageSelect />
    </SettingsSection>
  );
}
