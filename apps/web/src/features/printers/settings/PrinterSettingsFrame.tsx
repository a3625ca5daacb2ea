import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';

/** The frame of a printer settings form, with the way back to the printers settings. */
export function PrinterSettingsFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to={SCREEN_PATHS.settingsPrinters} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('printers.settings.back')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg">
        {children}
      </Paper>
    </Stack>
  );
}
