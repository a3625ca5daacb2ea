import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHealth } from '../api/get-health';
import { isNewVersionAvailable } from '../new-version';

/** The dev server rebuilds on its own; only a built app compares its id with the server's. */
const OWN_BUILD = import.meta.env.DEV ? null : __APP_BUILD_ID__;

export function NewVersionBar() {
  const { t } = useTranslation();
  const { data } = useHealth();
  if (OWN_BUILD === null || !isNewVersionAvailable(OWN_BUILD, data?.build)) return null;
  return (
    <Paper
      data-testid="new-version-bar"
      role="status"
      radius={0}
      px="md"
      py={6}
      bg="var(--mantine-primary-color-filled)"
      c="white"
    >
      <Group justify="center" gap="sm">
        <Text size="sm" fw={500}>
          {t('newVersion.message')}
        </Text>
        <Button
          size="compact-sm"
          variant="white"
          leftSection={<IconRefresh size={14} />}
          onClick={() => window.location.reload()}
        >
          {t('newVersion.update')}
        </Button>
      </Group>
    </Paper>
  );
}
