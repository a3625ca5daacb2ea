import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/SettingsSection';
import { useMe } from '../../../shared/account/api/get-me';
import { useMyWorkspaces } from '../../../shared/workspaces/api/get-my-workspaces';
import { NotificationBox } from './NotificationBox';

/** Settings → Notifications: one box per workspace. */
export function NotificationsSettingsPage() {
  const { t } = useTranslation();
  const workspaces = useMyWorkspaces();
  const me = useMe();
  return (
    <SettingsSection title={t('settings.pages.settingsNotifications')}>
      <Stack gap="md">
        {workspaces.map((workspace) => (
          <NotificationBox
            key={workspace.id}
            workspace={workspace}
            isTelegramLinked={me.data?.is_telegram ?? true}
          />
        ))}
      </Stack>
    </SettingsSection>
  );
}
