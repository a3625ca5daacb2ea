import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';

/** The frame of one settings page, with the way back to the list. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={SCREEN_PATHS.settings} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('common.backToSettings')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg">
        <Stack gap="xl">{children}</Stack>
      </Paper>
    </Stack>
  );
}
