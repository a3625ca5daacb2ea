import { Box, Group, Text } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { Logo } from '../../components/Logo';
import { SCREEN_PATHS } from '../../config/screens';
import { BackgroundTaskIndicator } from '../../features/printer-list/components/BackgroundTaskIndicator';
import type { Navigation } from '../navigation/navigation';
import { HeaderActions } from './HeaderActions';
import { NewsButton } from './NewsButton';
import classes from './shell.module.css';

export function MobileTopBar({
  navigation,
  workspace,
}: {
  navigation: Navigation;
  workspace: Workspace;
}) {
  return (
    <Box component="header" className={classes.header}>
      <Group h={56} px="md" gap="sm" wrap="nowrap">
        <Logo to={SCREEN_PATHS.dashboard} isCompact />
        <Text fw={600} truncate style={{ flex: 1 }}>
          {workspace.name}
        </Text>
        <BackgroundTaskIndicator />
        <NewsButton news={navigation.news} />
        <HeaderActions actions={navigation.mobileTopBarActions} />
      </Group>
    </Box>
  );
}
