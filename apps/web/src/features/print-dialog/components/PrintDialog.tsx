import { Alert, Button, Checkbox, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGcode } from '../../../shared/gcodes';
import { usePrinterViews } from '../../../shared/printers/hooks/use-printer-views';
import { useIsQueueAvailable } from '../../../shared/print-queue/hooks/use-is-queue-available';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { useStartOnPrinters } from '../hooks/use-start-on-printers';
import { toPrintTarget } from '../model/print-target';
import {
  toSingleSelection,
  togglePrinter,
  validatePrint,
  type PrintValidationError,
} from '../model/print-validation';
import { GcodeChoice } from './GcodeChoice';
import { PrinterChoice } from './PrinterChoice';
import { useAddToQueueDialog } from './queue-dialog-slot';

export interface PrintDialogProps {
  /** the G-code chosen when it opens (a file row, the file detail, Re-print) */
  initialFileId?: number;
  /** the printer chosen when it opens (a card's Print and Re-print) */
  initialPrinterId?: number;
  onClose: () => void;
}

/**
 * The print dialog (spec part 1 §2, §4 "Print dialog flow", §5): the G-code, one or several
 * printers with their hints, the make-video option; validated in the spec's order.
 */
export default function PrintDialog({
  initialFileId,
  initialPrinterId,
  onClose,
}: PrintDialogProps) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const { views, printers } = usePrinterViews(workspace.id);
  const [fileId, setFileId] = useState<number | null>(initialFileId ?? null);
  const [selected, setSelected] = useState<number[]>(
    initialPrinterId === undefined ? [] : [initialPrinterId],
  );
  const [isMultiple, setMultiple] = useState(false);
  const [makeVideo, setMakeVideo] = useState(false);
  const [plate, setPlate] = useState<number | null>(null);
  const [error, setError] = useState<PrintValidationError | null>(null);
  const AddToQueueDialog = useAddToQueueDialog();
  const canQueue = useIsQueueAvailable() && AddToQueueDialog !== null;
  const [isQueueing, setQueueing] = useState(false);
  const startOnPrinters = useStartOnPrinters(workspace.id);
  const chosen = useGcode(workspace.id, fileId ?? 0);
  const file = fileId !== null ? chosen.data : undefined;

  const printerViews = (printers ?? []).flatMap((printer) => {
    const view = views.get(printer.id);
    return view ? [view] : [];
  });
  const selectedViews = printerViews.filter((view) => selected.includes(view.printer.id));
  // a video needs frames: a printer without a camera would record nothing
  const withoutCamera = selectedViews.filter(
    (view) => !view.printer.camera_enabled || view.device?.plugins?.camera === false,
  );

  const submit = () => {
    if (fileId === null) return;
    const problem = validatePrint(
      selectedViews.map(toPrintTarget),
      file?.filament_type ?? null,
      file?.format,
    );
    setError(problem);
    if (problem) return;
    const chosenPlate = plate ?? file?.plates?.[0];
    void startOnPrinters(selectedViews, {
      fileId,
      makeVideo,
      ...(chosenPlate !== undefined ? { plate: chosenPlate } : {}),
    });
    onClose();
  };

  if (isQueueing && fileId !== null && AddToQueueDialog) {
    // Add to queue: the item dialog takes over with the file and the first chosen printer.
    return <AddToQueueDialog gcodeId={fileId} printerId={selected[0] ?? null} onClose={onClose} />;
  }

  return (
    <Modal opened onClose={onClose} title={t('printDialog.title')} size="lg">
      <Stack gap="md">
        <GcodeChoice
          workspaceId={workspace.id}
          fileId={fileId}
          file={file}
          plate={plate}
          onFileChange={(next) => {
            setFileId(next);
            setPlate(null);
            setError(null);
          }}
          onPlateChange={setPlate}
        />
        <Group justify="space-between">
          <Text fw={500}>{t('printDialog.printers')}</Text>
          <Switch
            label={t('printDialog.multiple')}
            checked={isMultiple}
            onChange={(event) => {
              const next = event.currentTarget.checked;
              setMultiple(next);
              if (!next) setSelected(toSingleSelection);
            }}
          />
        </Group>
        <Stack gap="sm" mah={360} style={{ overflowY: 'auto' }}>
          {printerViews.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('printDialog.noPrinters')}
            </Text>
          )}
          {printerViews.map((view) => (
            <PrinterChoice
              key={view.printer.id}
              view={view}
              isChecked={selected.includes(view.printer.id)}
              file={file}
              onToggle={() => {
                setSelected((current) => togglePrinter(current, view.printer.id, isMultiple));
                setError(null);
              }}
            />
          ))}
        </Stack>
        <Checkbox
          label={t('printDialog.makeVideo')}
          checked={makeVideo}
          onChange={(event) => setMakeVideo(event.currentTarget.checked)}
        />
        {makeVideo && withoutCamera.length > 0 && (
          <Alert color="yellow" data-testid="print-dialog-no-camera">
            {t('printDialog.noCamera', {
              count: withoutCamera.length,
              names: withoutCamera.map((view) => view.printer.name).join(', '),
            })}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="print-dialog-error">
            {t(`printDialog.${error}`)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {canQueue && (
            <Button
              variant="light"
              onClick={() => setQueueing(true)}
              disabled={fileId === null}
              data-testid="print-dialog-add-to-queue"
            >
              {t('printQueue.addToQueue')}
            </Button>
          )}
          <Button onClick={submit} disabled={fileId === null}>
            {t('printDialog.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
