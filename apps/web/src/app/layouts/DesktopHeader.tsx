import { Box, Button, Group } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '../../components/Logo';
import { ThemeToggle } from '../../components/ThemeToggle';
import { BackgroundTaskIndicator } from '../../features/printer-list/components/BackgroundTaskIndicator';
import { SCREEN_PATHS } from '../../config/screens';
import { getNavLinks } from '../navigation/nav-links';
import type { Navigation } from '../navigation/navigation';
import { HeaderActions } from './HeaderActions';
import { NewsButton } from './NewsButton';
import classes from './shell.module.css';
import { UserMenu } from './UserMenu';

interface HeaderProps {
  navigation: Navigation;
  workspace: Workspace;
}

export function DesktopHeader({ navigation, workspace }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <Box component="header" className={classes.header}>
      <Group h={60} px="lg" justify="space-between" wrap="nowrap">
        <Group gap="xl" wrap="nowrap" style={{ minWidth: 0 }}>
          <Logo to={SCREEN_PATHS.dashboard} />
          <Group component="nav" aria-label={t('nav.main')} gap={4} wrap="nowrap">
            {getNavLinks(navigation.desktopLinks).map(({ id, path, icon: Icon }) => (
              <Button
                key={id}
                component={NavLink}
                to={path}
                end
                variant="subtle"
                color="gray"
                className={classes.navLink}
                // below 1280 px the labels give way to the header's buttons (see shell.module.css)
                aria-label={t(`nav.${id}`)}
                title={t(`nav.${id}`)}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
              >
                <span className={classes.navLabel}>{t(`nav.${id}`)}</span>
              </Button>
            ))}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <BackgroundTaskIndicator />
          <NewsButton news={navigation.news} />
          <ThemeToggle />
          <HeaderActions actions={navigation.headerActions} />
          <UserMenu entries={navigation.userMenu} workspace={workspace} />
        </Group>
      </Group>
    </Box>
  );
}
