import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useMe } from '../../../shared/account/api/get-me';
import { ChangePasswordSection } from '../../../features/account-security/components/ChangePasswordSection';
import { SessionsSection } from '../../../features/account-security/components/SessionsSection';
import { useUpdateMe } from '../../../features/account/api/update-me';
import { PushSection } from '../../../features/push/components/PushSection';
import { TelegramSection } from '../../../features/telegram/components/TelegramSection';
import { TwoFactorSection } from '../../../features/account-security/components/TwoFactorSection';
import { SettingsSection } from '../../../components/SettingsSection';

/** The account: language (notifications are written in it), Telegram, browser push, security. */
export function SettingsAccountPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const updateMe = useUpdateMe();
  return (
    <SettingsSection title={t('settings.pages.settingsAccount')}>
      {me && <Text>{t('settings.account.signedInAs', { email: me.email })}</Text>}
      <LanguageSelect onChange={(language) => updateMe.mutate({ language })} />
      <TelegramSection />
      <PushSection />
      {me && <TwoFactorSection me={me} />}
      {me && <ChangePasswordSection email={me.email} hasTwoFactor={me.two_factor_enabled} />}
      <SessionsSection />
    </SettingsSection>
  );
}
