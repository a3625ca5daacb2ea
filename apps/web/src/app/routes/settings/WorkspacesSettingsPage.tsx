import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '../../../components/BackLink';
import { SCREEN_PATHS, getScreenPath } from '../../../config/screens';
import { useMyWorkspaces } from '../../../shared/workspaces/api/get-my-workspaces';
import { MyInvitationsList } from '../../../features/invitations';

/** Settings → Workspaces: name, my role, how many others; edit where I may change it. */
export function WorkspacesSettingsPage() {
  const { t } = useTranslation();
  const workspaces = useMyWorkspaces();
  return (
    <Stack gap="md" maw={820}>
      <BackLink to={SCREEN_PATHS.settings}>{t('common.backToSettings')}</BackLink>
      <Title order={1} size="h2">
        {t('settings.pages.settingsWorkspaces')}
      </Title>
      <MyInvitationsList />
      <Paper withBorder p="md">
        <Table aria-label={t('settings.pages.settingsWorkspaces')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workspaceSettings.name')}</Table.Th>
              <Table.Th>{t('workspaceSettings.myRole')}</Table.Th>
              <Table.Th>{t('workspaceSettings.otherUsers')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {workspaces.map((workspace) => (
              <Table.Tr key={workspace.id}>
                <Table.Td>{workspace.name}</Table.Td>
                <Table.Td>{t(`members.roles.${workspace.me.role}`)}</Table.Td>
                <Table.Td>{Math.max(workspace.users_count - 1, 0)}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    {workspace.me.permissions.includes('CHANGE_GROUP') && (
                      <Button
                        component={Link}
                        size="xs"
                        variant="light"
                        to={getScreenPath('settingsWorkspaceEdit', { id: workspace.id }) ?? '/'}
                        aria-label={t('workspaceSettings.editNamed', { name: workspace.name })}
                      >
                        {t('workspaceSettings.edit')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        <Button component={Link} to={SCREEN_PATHS.settingsWorkspaceAdd}>
          {t('selectGroup.createTitle')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('workspaceSettings.listHint')}
      </Text>
    </Stack>
  );
}
