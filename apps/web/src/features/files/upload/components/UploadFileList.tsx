import { ActionIcon, Badge, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFile, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../../lib/format-units';
import type { UploadItem, UploadProblem, UploadState } from '../model/upload-queue';

const STATE_COLORS: Record<UploadState, string> = {
  waiting: 'gray',
  uploading: 'blue',
  uploaded: 'teal',
  error: 'red',
};

export function describeProblem(problem: UploadProblem, t: TFunction): string {
  return 'key' in problem ? t(`files.upload.problems.${problem.key}`) : problem.text;
}

interface UploadFileListProps {
  items: readonly UploadItem[];
  isRunning: boolean;
  onRemove: (key: string) => void;
}

/** The chosen files with size, state and a remove button; long lists scroll. */
export function UploadFileList({ items, isRunning, onRemove }: UploadFileListProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    // A plain scrolling box: ScrollArea's content grows to the widest row (display: table),
    // which pushed the state and remove buttons out of a phone's dialog.
    <Box mah={240} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
      <Stack gap={6} component="ul" p={0} m={0} aria-label={t('files.upload.list')}>
        {items.map((item) => (
          <Stack
            key={item.key}
            component="li"
            gap={2}
            style={{ listStyle: 'none' }}
            data-testid="upload-item"
            data-state={item.state}
          >
            <Group gap="sm" wrap="nowrap">
              <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text
                size="sm"
                truncate="end"
                style={{ flex: 1, minWidth: 0 }}
                title={item.file.name}
              >
                {item.file.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatFileSize(item.file.size)}
              </Text>
              <Badge
                size="sm"
                variant="light"
                color={STATE_COLORS[item.state]}
                leftSection={item.state === 'uploading' ? <Loader size={10} /> : undefined}
                style={{ flexShrink: 0 }}
                data-testid="upload-item-state"
              >
                {t(`files.upload.state.${item.state}`)}
              </Badge>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                disabled={isRunning || item.state === 'uploaded'}
                aria-label={t('files.upload.remove', { name: item.file.name })}
                onClick={() => onRemove(item.key)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
            {item.error && (
              <Text size="xs" c="red" pl={26} role="alert">
                {describeProblem(item.error, t)}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
