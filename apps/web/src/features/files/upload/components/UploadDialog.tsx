import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '@printdeck/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../../components/FormMessage';
import { formatFileSize } from '../../../../lib/format-units';
import { useUploadRun } from '../hooks/use-upload-run';
import { canSaveUploads, getUploadProgress } from '../model/upload-queue';
import { UploadDropArea } from './UploadDropArea';
import { describeProblem, UploadFileList } from './UploadFileList';

export interface UploadDialogProps {
  workspaceId: number;
  /** files dropped on a page before the dialog opened */
  initialFiles?: readonly File[];
  /** the run ended; complete means every file was uploaded */
  onFinished: (isComplete: boolean) => void;
  onClose: () => void;
}

const MAX_MB = LIMITS.uploadMaxBytes / 1024 / 1024;
/** Long enough to read the cancelling notification before the page reloads. */
const RELOAD_AFTER_CANCEL_MS = 1500;
const MIN_BYTES = LIMITS.uploadMinBytes - 1;

/** Upload of several G-code files with their progress (spec §2.5, §4.2). */
export function UploadDialog({
  workspaceId,
  initialFiles = [],
  onFinished,
  onClose,
}: UploadDialogProps) {
  const { t } = useTranslation();
  const run = useUploadRun({ workspaceId, initialFiles, onFinished });
  const progress = getUploadProgress(run.items);

  const cancel = () => {
    if (!run.isRunning) return onClose();
    run.abort();
    notifications.show({
      loading: true,
      autoClose: false,
      title: t('files.upload.cancellingTitle'),
      message: t('files.upload.cancellingText'),
    });
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_CANCEL_MS);
  };

  return (
    <Modal
      opened
      onClose={cancel}
      title={t('files.upload.title')}
      size="lg"
      closeOnClickOutside={!run.isRunning}
    >
      <Stack gap="md">
        <UploadDropArea onFiles={run.add} isDisabled={run.isRunning} />
        {run.ignored.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            title={t('files.upload.ignoredTitle')}
            role="status"
          >
            <List size="sm">
              {run.ignored.map((file, index) => (
                <List.Item key={`${file.name}-${index}`}>
                  {t(`files.upload.ignored.${file.reason}`, {
                    name: file.name,
                    min: MIN_BYTES,
                    max: MAX_MB,
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <UploadFileList items={run.items} isRunning={run.isRunning} onRemove={run.remove} />
        {run.items.length > 0 && (
          <Stack gap={4}>
            <Progress
              value={progress.percent}
              animated={run.isRunning}
              aria-label={t('files.upload.progressLabel')}
            />
            <Text size="sm" c="dimmed" data-testid="upload-progress">
              {t('files.upload.progress', {
                percent: progress.percent,
                loaded: formatFileSize(progress.loaded),
                total: formatFileSize(progress.total),
              })}
            </Text>
          </Stack>
        )}
        <Stack gap={4}>
          {(['types', 'size', 'slicer'] as const).map((note) => (
            <Group key={note} gap={6} wrap="nowrap" align="flex-start">
              <IconInfoCircle
                size={16}
                color="var(--mantine-color-dimmed)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text size="xs" c="dimmed">
                {t(`files.upload.notes.${note}`, { min: MIN_BYTES, max: MAX_MB })}
              </Text>
            </Group>
          ))}
        </Stack>
        {run.isNothingSelected && (
          <FormMessage>{describeProblem({ key: 'notSelected' }, t)}</FormMessage>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void run.start()}
            loading={run.isRunning}
            disabled={!canSaveUploads(run.items, run.isRunning)}
          >
            {t('files.upload.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
