import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSquareCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useClearPlate } from '../api/clear-plate';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

/**
 * Plate cleared: a person says the plate is empty, so the printer may take the next queue item
 * by itself. Shown for a ready printer that could take queue work (a jobox printer, or dispatch
 * on) while its plate is not known to be clear.
 */
export function PlateClearedButton({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const clear = useClearPlate(workspace.id);
  const { settings } = workspace;
  const takesQueueWork =
    settings.print_queue_enabled && (view.printer.jobox_enabled || settings.queue_dispatch_enabled);
  if (!takesQueueWork || view.printer.plate_state === 'clear') return null;
  return (
    <Button
      size="xs"
      variant="light"
      color="teal"
      leftSection={<IconSquareCheck size={14} aria-hidden />}
      loading={clear.isPending}
      onClick={() =>
        clear.mutate(view.printer.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t('printQueue.plateClearedDone') }),
        })
      }
      data-testid="plate-cleared"
    >
      {t('printQueue.plateCleared')}
    </Button>
  );
}
