import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Stack, Text } from '@mantine/core';
import { useDeleteGcodes } from '../api/delete-gcode';
import { useQueueItemsOfGcodes } from '../api/get-deletion-impact';

interface DeleteGcodesDialogProps {
  workspaceId: number;
  gcodes: readonly Pick<Gcode, 'id' | 'name'>[];
  onClose: () => void;
  onDeleted?: () => void;
}

/** Delete one file or the selected ones, after a confirmation. */
export function DeleteGcodesDialog({
  workspaceId,
  gcodes,
  onClose,
  onDeleted,
}: DeleteGcodesDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteGcodes(workspaceId);
  const [single] = gcodes.length === 1 ? gcodes : [];
  const queueItems = useQueueItemsOfGcodes(
    workspaceId,
    gcodes.map((gcode) => gcode.id),
  );
  return (
    <ConfirmDialog
      title={t('files.deleteDialog.title', { count: gcodes.length })}
      confirmLabel={t('files.deleteDialog.confirm')}
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          gcodes.map((gcode) => gcode.id),
          {
            onSuccess: () => {
              onClose();
              onDeleted?.();
            },
          },
        )
      }
    >
      <Stack gap="xs">
        <Text>
          {single
            ? t('files.deleteDialog.text', { name: single.name })
            : t('files.deleteDialog.textMany', { count: gcodes.length })}
        </Text>
        {queueItems !== null && queueItems > 0 && (
          <Text fw={600} data-testid="delete-queue-items">
            {t('files.deleteDialog.queueItems', { count: queueItems })}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
