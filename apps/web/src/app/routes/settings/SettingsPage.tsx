import { NavLink, Paper, Stack, Title } from '@mantine/core';
import {
  IconBell,
  IconChartBar,
  IconChevronRight,
  IconKey,
  IconPalette,
  IconPrinter,
  IconUser,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSettingsPages, SCREEN_PATHS, type SettingsPageId } from '../../../config/screens';
import { useMe } from '../../../shared/account/api/get-me';
import { MailServerSetup } from '../../../shared/public-config/components/MailServerSetup';

const PAGE_ICONS: Record<SettingsPageId, Icon> = {
  settingsAccount: IconUser,
  settingsAppearance: IconPalette,
  settingsPrinters: IconPrinter,
  settingsApiTokens: IconKey,
  settingsWorkspaces: IconUsersGroup,
  settingsNotifications: IconBell,
  workspaceStats: IconChartBar,
};

/** The list of settings pages; the mobile menu leads here. */
export function SettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      <Paper withBorder p={4}>
        {getSettingsPages().map((id) => {
          const Icon = PAGE_ICONS[id];
          return (
            <NavLink
              key={id}
              component={Link}
              to={SCREEN_PATHS[id]}
              label={t(`settings.pages.${id}`)}
              description={t(`settings.descriptions.${id}`)}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              rightSection={<IconChevronRight size={16} aria-hidden />}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          );
        })}
      </Paper>
      {me.data?.is_admin && <MailServerSetup />}
    </Stack>
  );
}
