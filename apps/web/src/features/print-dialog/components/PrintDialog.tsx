import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Gcode } from '@printdeck/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { reportError } from '../../../lib/error-modal-store';
import { ProductError } from '../../../lib/product-error';
import { useGcode, gcodesQueryKey, getGcodesPage } from '../../../shared/gcodes';
import { invalidatePrintJobs } from '../../../shared/print-jobs/api/get-print-jobs';
import { deviceStatesQueryKey } from '../../../shared/printers/api/get-device-states';
import { printersQueryKey } from '../../../shared/printers/api/get-printers';
import { FilamentTypeSelect } from '../../../shared/printers/components/FilamentTypeSelect';
import { PrinterStateBadge } from '../../../shared/printers/components/PrinterStateBadge';
import {
  clearChangingState,
  markChangingState,
} from '../../../shared/printers/hooks/changing-state-store';
import { usePrinterViews } from '../../../shared/printers/hooks/use-printer-views';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { useIsQueueAvailable } from '../../../shared/print-queue/hooks/use-is-queue-available';
import { useCurrentWorkspace } from '../../../shared/workspaces/hooks/current-workspace';
import { startPrint } from '../api/start-print';
import { WaitingStartNotice, waitingStartsQueryKey } from '../../../shared/waiting-starts';
import { useAddToQueueDialog } from './queue-dialog-slot';
import { summarizeStartFailures, type StartOutcome } from '../model/print-start-errors';
import {
  getPrinterHints,
  toSingleSelection,
  togglePrinter,
  validatePrint,
  type PrintTarget,
  type PrintValidationError,
} from '../model/print-validation';
import { getFilamentTypeLabel } from '../../../lib/filament-type-label';

export interface PrintDialogProps {
  /** the G-code chosen when it opens (a file row, the file detail, Re-print) */
  initialFileId?: number;
  /** the printer chosen when it opens (a card's Print and Re-print) */
  initialPrinterId?: number;
  onClose: () => void;
}

const SEARCH_LIMIT = 20;

const toTarget = (view: PrinterView): PrintTarget => ({
  printerState: view.printerState,
  filamentType: view.printer.filament_type,
  deviceType: view.printer.device_type,
});

/** The G-codes matching what is typed, newest first (server search). */
function useGcodeChoices(workspaceId: number, search: string) {
  const [debounced] = useDebouncedValue(search.trim(), 250);
  return useQuery({
    queryKey: [...gcodesQueryKey(workspaceId), 'print-dialog', debounced],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(SEARCH_LIMIT) });
      if (debounced) query.set('search', debounced);
      return getGcodesPage(`/groups/${workspaceId}/files/?${query.toString()}`, signal);
    },
    placeholderData: (previous) => previous,
  });
}

/**
 * Starts on every printer at once (never one after another); a failure on one printer is told
 * with its name and does not stop the others (spec part 1 §8 "Printing").
 */
async function startOnPrinters(
  views: PrinterView[],
  start: { fileId: number; makeVideo: boolean; plate?: number },
  context: { t: TFunction; queryClient: QueryClient; workspaceId: number },
) {
  const { t, queryClient, workspaceId } = context;
  views.forEach((view) => markChangingState(view.printer.id, view.printerState));
  const settled = await Promise.allSettled(
    views.map((view) => startPrint({ printerId: view.printer.id, ...start })),
  );
  const failures: StartOutcome[] = [];
  settled.forEach((result, index) => {
    const view = views[index];
    if (!view || result.status === 'fulfilled') return;
    clearChangingState(view.printer.id);
    const error: unknown = result.reason;
    failures.push({
      printerName: view.printer.name,
      status: isApiError(error) ? error.status : null,
      message: error instanceof Error ? error.message : String(error),
    });
  });
  // held by the staggered-start rule: the printer stays as it is until its turn
  const waitingViews = views.filter((_, index) => {
    const result = settled[index];
    return result?.status === 'fulfilled' && 'waiting_start' in result.value;
  });
  waitingViews.forEach((view) => clearChangingState(view.printer.id));
  const waiting = waitingViews.length;
  if (waiting > 0)
    notifications.show({ color: 'grape', message: t('waitingStarts.queued', { count: waiting }) });
  void queryClient.invalidateQueries({ queryKey: waitingStartsQueryKey(workspaceId) });
  const started = views.length - failures.length - waiting;
  if (started > 0) {
    notifications.show({ color: 'green', message: t('printDialog.started', { count: started }) });
  }
  // the agent itself says at the start when it has no camera to film with (issue 30)
  const unfilmed = views.filter((_, index) => {
    const result = settled[index];
    return (
      result?.status === 'fulfilled' &&
      'warnings' in result.value &&
      result.value.warnings?.includes('no_camera')
    );
  });
  if (unfilmed.length > 0) {
    notifications.show({
      color: 'yellow',
      message: t('printDialog.noCamera', {
        count: unfilmed.length,
        names: unfilmed.map((view) => view.printer.name).join(', '),
      }),
    });
  }
  const summary = summarizeStartFailures(failures);
  if (summary.hasTimeout) {
    notifications.show({
      color: 'red',
      title: t('printDialog.errorTimeout'),
      message: t('printDialog.errorTimeoutDescription'),
    });
  }
  if (summary.refused.length > 0) {
    const names = summary.refused.map((failure) => failure.printerName).join(', ');
    const messages = [...new Set(summary.refused.map((failure) => failure.message))].join(' ');
    reportError(new ProductError(`${t('printDialog.errorStart')} ${names}`, messages));
  }
  void queryClient.invalidateQueries({ queryKey: deviceStatesQueryKey(workspaceId) });
  // a first print makes Re-print possible on its printer
  void queryClient.invalidateQueries({ queryKey: printersQueryKey(workspaceId) });
  void invalidatePrintJobs(queryClient, workspaceId);
}

function PrinterChoice({
  view,
  isChecked,
  file,
  onToggle,
}: {
  view: PrinterView;
  isChecked: boolean;
  file: Gcode | undefined;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const hints = getPrinterHints(
    toTarget(view),
    file ? file.filament_type : undefined,
    file?.format,
  );
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="print-dialog-printer"
      data-printer-id={view.printer.id}
    >
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Checkbox label={view.printer.name} checked={isChecked} onChange={onToggle} />
        <Group gap={6} pl={30}>
          <PrinterStateBadge view={view} />
          <WaitingStartNotice printerId={view.printer.id} />
          {hints.map((hint) => (
            <Badge
              key={hint}
              color={
                hint === 'notReady' ? 'orange' : hint === 'cannotPrintFormat' ? 'red' : 'yellow'
              }
              variant="light"
              data-testid={`print-dialog-hint-${hint}`}
            >
              {t(`printDialog.hint.${hint}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
      <FilamentTypeSelect printer={view.printer} />
    </Group>
  );
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
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspace();
  const { views, printers } = usePrinterViews(workspace.id);
  const [fileId, setFileId] = useState<number | null>(initialFileId ?? null);
  const [search, setSearch] = useState('');
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
  const choices = useGcodeChoices(workspace.id, search);
  const chosen = useGcode(workspace.id, fileId ?? 0);
  const file = fileId !== null ? chosen.data : undefined;

  const options = useMemo(() => {
    const list = choices.data?.results ?? [];
    const all = file && !list.some((gcode) => gcode.id === file.id) ? [file, ...list] : list;
    return all.map((gcode) => ({ value: String(gcode.id), label: gcode.name }));
  }, [choices.data, file]);

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
      selectedViews.map(toTarget),
      file?.filament_type ?? null,
      file?.format,
    );
    setError(problem);
    if (problem) return;
    const chosenPlate = plate ?? file?.plates?.[0];
    const start = {
      fileId,
      makeVideo,
      ...(chosenPlate !== undefined ? { plate: chosenPlate } : {}),
    };
    void startOnPrinters(selectedViews, start, {
      t,
      queryClient,
      workspaceId: workspace.id,
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
        <Select
          label={t('printDialog.gcode')}
          placeholder={t('printDialog.gcodePlaceholder')}
          searchable
          data={options}
          value={fileId === null ? null : String(fileId)}
          onChange={(value) => {
            setFileId(value ? Number(value) : null);
            setPlate(null);
            setError(null);
          }}
          onSearchChange={(value) => setSearch(value === file?.name ? '' : value)}
          filter={({ options: all }) => all}
          nothingFoundMessage={t('printDialog.noGcodes')}
          data-testid="print-dialog-gcode"
        />
        {file && (
          <Text size="sm" c="dimmed">
            {t('printDialog.fileFilament', {
              filament: file.filament_type
                ? getFilamentTypeLabel(file.filament_type, t)
                : t('printDialog.noFilament'),
            })}
          </Text>
        )}
        {file?.plates && file.plates.length > 1 && (
          <Select
            label={t('printDialog.plate')}
            data={file.plates.map((number) => ({
              value: String(number),
              label: t('printDialog.plateOption', { plate: number }),
            }))}
            value={String(plate ?? file.plates[0])}
            onChange={(value) => setPlate(value ? Number(value) : null)}
            allowDeselect={false}
            data-testid="print-dialog-plate"
          />
        )}
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
