import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCREEN_PATHS } from '../config/screens';

interface SettingsSectionProps {
  title: string;
  children: ReactNode;
  /** where the back link leads; the settings list unless a deeper page says otherwise */
  back?: { to: string; label: string };
}

/** The frame of one settings page, with the way back. */
export function SettingsSection({ title, children, back }: SettingsSectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={back?.to ?? SCREEN_PATHS.settings} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {back?.label ?? t('common.backToSettings')}
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
