import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatProgress } from '../model/printer-state-display';
import {
  formatHeaters,
  getProgressWidth,
  shouldShowProgress,
  type CurrentJob,
  type PrinterView,
} from '../model/printer-view';

const FINISHED_COLORS = { done: 'teal', cancelled: 'gray', failed: 'red' } as const;

/**
 * The job's progress (at least 2 % wide) and its file name. A job the printer still shows
 * after it ended reads as finished (its outcome, a still bar), not as printing.
 */
export function PrinterProgress({ view, place }: { view: PrinterView; place: 'card' | 'detail' }) {
  const { t } = useTranslation();
  if (!shouldShowProgress(view)) return null;
  const completion = view.job?.completion ?? 0;
  const finished = view.job?.finished ?? null;
  const color = finished
    ? FINISHED_COLORS[finished.outcome ?? 'done']
    : view.printerState === 'PAUSED'
      ? 'red'
      : 'blue';
  return (
    <Stack gap={4} data-testid="job-progress" data-finished={finished ? true : undefined}>
      <Progress
        value={getProgressWidth(completion)}
        aria-label={t('printers.card.progress')}
        color={color}
        // stripes animate on the main thread: only the detail's single bar moves
        animated={place === 'detail' && view.printerState === 'PRINTING'}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {finished && <FinishedBadge finished={finished} />}
          <Text size="sm" truncate title={view.job?.name ?? undefined} data-testid="job-name">
            {view.job?.name ?? t('printers.card.noJobName')}
          </Text>
        </Group>
        <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {view.isHeating
            ? formatHeaters(view.temperatures, {
                tool0: t('printers.heating.tool0'),
                bed: t('printers.heating.bed'),
              })
            : formatProgress(completion, place)}
        </Text>
      </Group>
      {view.job?.startedBy && <StartedBy startedBy={view.job.startedBy} />}
    </Stack>
  );
}

/** "Started by ana@example.com" or "Started on the printer" (spec part 1 §2 "job name and user"). */
function StartedBy({ startedBy }: { startedBy: NonNullable<CurrentJob['startedBy']> }) {
  const { t } = useTranslation();
  const text =
    startedBy.kind === 'member'
      ? t('printers.job.startedBy', { username: startedBy.username })
      : t('printJobs.startedOnPrinter');
  return (
    <Text size="xs" c="dimmed" truncate title={text} data-testid="job-started-by">
      {text}
    </Text>
  );
}

function FinishedBadge({ finished }: { finished: NonNullable<CurrentJob['finished']> }) {
  const { t } = useTranslation();
  const outcome = finished.outcome ?? 'done';
  return (
    <Badge
      size="sm"
      variant="light"
      color={FINISHED_COLORS[outcome]}
      style={{ flexShrink: 0 }}
      styles={{ label: { textTransform: 'none' } }}
      data-testid="job-finished"
    >
      {t(`printers.job.finished.${outcome}`)}
    </Badge>
  );
}
