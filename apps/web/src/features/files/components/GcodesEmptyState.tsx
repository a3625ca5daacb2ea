import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileCode, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GcodeListEmptyState } from '../model/list-empty-state';
import { UploadGcodesButton } from './UploadGcodesButton';

interface GcodesEmptyStateProps {
  state: GcodeListEmptyState;
  /** the active filter in words, for "no match" */
  filterText: string;
}

/** An empty workspace (with the call to upload), an empty filter result, or no files. */
export function GcodesEmptyState({ state, filterText }: GcodesEmptyStateProps) {
  const { t } = useTranslation();
  const Icon = state === 'noMatch' ? IconFilterOff : IconFileCode;
  return (
    <Paper withBorder p="xl" data-testid="gcodes-empty" data-state={state}>
      <Stack align="center" gap="sm">
        <Icon size={40} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
        {state === 'callToUpload' && (
          <Title order={2} size="h4">
            {t('files.empty.uploadTitle')}
          </Title>
        )}
        <Text c="dimmed" ta="center">
          {state === 'noMatch'
            ? t('files.empty.noMatch', { filter: filterText })
            : t(state === 'callToUpload' ? 'files.empty.uploadText' : 'files.empty.noFiles')}
        </Text>
        {state === 'callToUpload' && <UploadGcodesButton label={t('files.empty.uploadButton')} />}
      </Stack>
    </Paper>
  );
}
