import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PRINT_QUEUE_COPIES_MAX, type PrintQueueItem } from '@printdeck/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SCREEN_PATHS } from '../../../config/screens';
import { useGcode } from '../../../shared/gcodes';
import { usePrinters } from '../../../shared/printers/api/get-printers';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useCreateQueueItem } from '../api/create-queue-item';
import { useUpdateQueueItem } from '../api/update-queue-item';
import { getDialogStage, queuePrinterChoices, type DialogStage } from '../model/queue-dialog';

export interface QueueItemDialogProps {
  /** the item to edit; without it a new item is made for `gcodeId` */
  item?: PrintQueueItem;
  gcodeId?: number;
  /** preselected printer (Duplicate, the print dialog's choice) */
  printerId?: number | null;
  joboxAutostart?: boolean;
  /** after saving, show "See print queue / OK"; off where the queue is already on screen */
  showSavedStatus?: boolean;
  onClose: () => void;
}

/**
 * Spec part 2 §2.7 "Print queue item dialog": loading, opened, saving, saved. The printer is
 * optional and only enabled printers are offered; the automatic-start switch appears only for
 * a printer with the jobox.
 */
export default function QueueItemDialog(props: QueueItemDialogProps) {
  const { item, onClose } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const workspace = useCurrentWorkspace();
  const gcodeId = item?.file.id ?? props.gcodeId;
  const isDataValid = gcodeId !== undefined;
  const gcode = useGcode(workspace.id, item ? 0 : (gcodeId ?? 0));
  const printers = usePrinters(workspace.id);
  const create = useCreateQueueItem(workspace.id);
  const update = useUpdateQueueItem(workspace.id, { errorHandling: 'inline' });
  const [printerId, setPrinterId] = useState<number | null>(
    item ? (item.printer?.id ?? null) : (props.printerId ?? null),
  );
  const [autostart, setAutostart] = useState(
    item?.jobox_autostart ?? props.joboxAutostart ?? false,
  );
  const [makeVideo, setMakeVideo] = useState(item?.make_video ?? false);
  const [copies, setCopies] = useState(1);
  const [isSaved, setSaved] = useState(false);
  const hasWarned = useRef(false);

  useEffect(() => {
    // Spec part 2 §8: opened without an item or a G-code, it says so and is cancelled.
    if (isDataValid || hasWarned.current) return;
    hasWarned.current = true;
    notifications.show({
      color: 'red',
      title: t('printQueue.dialog.dataErrorTitle'),
      message: t('printQueue.dialog.dataError'),
    });
    onClose();
  }, [isDataValid, onClose, t]);
  if (!isDataValid) return null;

  const fileName = item?.file.name ?? gcode.data?.name;
  const choices = queuePrinterChoices(printers.data ?? [], printerId);
  const chosen = (printers.data ?? []).find((printer) => printer.id === printerId);
  const isJobox = chosen?.jobox_enabled === true;
  const mutation = item ? update : create;
  const stage: DialogStage = getDialogStage({
    isLoading: !printers.data || (!item && !gcode.data && !gcode.isError),
    isSaving: mutation.isPending,
    isSaved,
  });

  const save = () => {
    const body = {
      printer: printerId,
      jobox_autostart: isJobox && autostart,
      make_video: makeVideo,
    };
    const done = () => {
      if (props.showSavedStatus === false) onClose();
      else setSaved(true);
    };
    if (item) update.mutate({ itemId: item.id, body }, { onSuccess: done });
    else create.mutate({ file: gcodeId, ...body, copies }, { onSuccess: done });
  };

  const title = item ? t('printQueue.dialog.editTitle') : t('printQueue.dialog.addTitle');
  return (
    <Modal opened onClose={onClose} title={title} data-testid="queue-item-dialog">
      {stage === 'loading' && (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('printQueue.dialog.loading')} />
        </Group>
      )}
      {stage === 'saved' && (
        <Stack gap="lg" data-testid="queue-item-saved">
          <Text>{item ? t('printQueue.dialog.savedEdit') : t('printQueue.dialog.saved')}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                onClose();
                void navigate(SCREEN_PATHS.printQueue);
              }}
            >
              {t('printQueue.dialog.seeQueue')}
            </Button>
            <Button onClick={onClose} data-autofocus>
              {t('printQueue.dialog.ok')}
            </Button>
          </Group>
        </Stack>
      )}
      {(stage === 'opened' || stage === 'saving') && (
        <Stack gap="md">
          <Text fw={500} data-testid="queue-item-file">
            {fileName ?? t('printQueue.item.fileGone')}
          </Text>
          <Select
            label={t('printQueue.dialog.printer')}
            placeholder={t('printQueue.dialog.anyPrinter')}
            description={t('printQueue.dialog.printerHint')}
            data={choices.map((printer) => ({ value: String(printer.id), label: printer.name }))}
            value={printerId === null ? null : String(printerId)}
            onChange={(value) => setPrinterId(value ? Number(value) : null)}
            clearable
            disabled={item !== undefined && item.state !== 'TO_BE_PRINTED'}
            data-testid="queue-item-printer"
          />
          {isJobox && (
            <Switch
              label={t('printQueue.dialog.autostart')}
              description={t('printQueue.dialog.autostartHint')}
              checked={autostart}
              onChange={(event) => setAutostart(event.currentTarget.checked)}
              data-testid="queue-item-autostart"
            />
          )}
          {!item && (
            <NumberInput
              label={t('printQueue.dialog.copies')}
              description={t('printQueue.dialog.copiesHint')}
              min={1}
              max={PRINT_QUEUE_COPIES_MAX}
              allowDecimal={false}
              value={copies}
              onChange={(value) => setCopies(typeof value === 'number' ? value : 1)}
              data-testid="queue-item-copies"
            />
          )}
          <Checkbox
            label={t('printQueue.dialog.makeVideo')}
            checked={makeVideo}
            onChange={(event) => setMakeVideo(event.currentTarget.checked)}
          />
          {mutation.error && (
            <Alert color="red" role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={save} loading={stage === 'saving'} data-testid="queue-item-save">
              {item ? t('printQueue.dialog.save') : t('printQueue.dialog.add')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
