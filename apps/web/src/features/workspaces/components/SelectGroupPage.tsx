import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { Workspace } from '@printdeck/shared';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '../../../components/CenteredLayout';
import { PageLoader } from '../../../components/PageLoader';
import { SCREEN_PATHS } from '../../../config/screens';
import {
  getSelectedWorkspaceId,
  saveSelectedWorkspaceId,
} from '../../../session/selected-workspace';
import { useMyWorkspaces } from '../../../shared/workspaces/api/get-my-workspaces';
import { getAutomaticWorkspace } from '../find-selected-workspace';
import { CreateWorkspaceForm } from '../../../shared/workspaces/components/CreateWorkspaceForm';
import { WorkspaceList } from './WorkspaceList';

/** Loads the site root anew, so that nothing of the previous workspace stays in memory. */
function chooseWorkspace(workspace: Workspace): void {
  saveSelectedWorkspaceId(workspace.id);
  window.location.assign(SCREEN_PATHS.dashboard);
}

/** `invitations`: what waits for the user's answer, shown above the list (another feature's). */
export function SelectGroupPage({ invitations }: { invitations?: ReactNode }) {
  const { t } = useTranslation();
  const workspaces = useMyWorkspaces();
  const selectedId = getSelectedWorkspaceId();
  const automatic = getAutomaticWorkspace(workspaces, selectedId);

  useEffect(() => {
    if (automatic) chooseWorkspace(automatic);
  }, [automatic]);

  const logout = (
    <Button
      component={Link}
      to={SCREEN_PATHS.logout}
      variant="subtle"
      leftSection={<IconLogout size={16} />}
    >
      {t('userMenu.logout')}
    </Button>
  );

  return (
    <CenteredLayout logoTo={SCREEN_PATHS.dashboard} actions={logout}>
      {automatic ? (
        <PageLoader />
      ) : (
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1} size="h2">
              {t('selectGroup.title')}
            </Title>
            <Text c="dimmed">
              {workspaces.length > 0 ? t('selectGroup.description') : t('selectGroup.empty')}
            </Text>
          </Stack>
          {invitations}
          {workspaces.length > 0 && (
            <WorkspaceList
              workspaces={workspaces}
              selectedId={selectedId}
              label={t('selectGroup.listLabel')}
              onChoose={chooseWorkspace}
            />
          )}
          <Paper withBorder p="lg">
            <CreateWorkspaceForm />
          </Paper>
        </Stack>
      )}
    </CenteredLayout>
  );
}
