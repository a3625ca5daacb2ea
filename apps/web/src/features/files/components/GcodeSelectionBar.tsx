import { Button, Group, Paper, Text } from '@mantine/core';
import { IconTags, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface GcodeSelectionBarProps {
  count: number;
  onChangeLabels: () => void;
  onDelete: () => void;
}

/** Bulk actions of select mode, once at least one file is selected. */
export function GcodeSelectionBar({ count, onChangeLabels, onDelete }: GcodeSelectionBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      pos="sticky"
      // above the mobile bottom bar, which is fixed below the sm breakpoint
      bottom={{
        base: 'calc(var(--bottom-bar-height, 0px) + var(--mantine-spacing-md))',
        sm: 'var(--mantine-spacing-md)',
      }}
      style={{ zIndex: 3 }}
      role="region"
      aria-label={t('files.selection.label')}
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{t('files.selection.count', { count })}</Text>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconTags size={16} />} onClick={onChangeLabels}>
            {t('files.selection.changeLabels')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={onDelete}
          >
            {t('files.selection.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
