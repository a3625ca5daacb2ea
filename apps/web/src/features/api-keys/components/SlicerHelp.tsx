import { Code, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMyWorkspaces } from '../../../shared/workspaces/api/get-my-workspaces';
import { getSlicerAddress } from '../api-key-scopes';

/** Where PrusaSlicer or OrcaSlicer sends files: one OctoPrint address per workspace. */
export function SlicerHelp() {
  const { t } = useTranslation();
  const workspaces = useMyWorkspaces();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('apiKeys.slicerTitle')}
      </Title>
      <Text size="sm">{t('apiKeys.slicerHowTo')}</Text>
      <List size="sm" spacing={4}>
        {workspaces.map((workspace) => (
          <List.Item key={workspace.id}>
            {workspace.name}: <Code>{getSlicerAddress(window.location.origin, workspace.id)}</Code>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
