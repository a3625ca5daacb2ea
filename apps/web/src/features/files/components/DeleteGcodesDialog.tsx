import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteGcodes } from '../api/delete-gcode';

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
      {single
        ? t('files.deleteDialog.text', { name: single.name })
        : t('files.deleteDialog.textMany', { count: gcodes.length })}
    </ConfirmDialog>
  );
}
