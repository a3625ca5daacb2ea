import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatProgress } from '../model/printer-state-display';
import { getProgressWidth, shouldShowProgress, type PrinterView } from '../model/printer-view';

/** The job's progress (at least 2 % wide) and its file name. */
export function PrinterProgress({ view, place }: { view: PrinterView; place: 'card' | 'detail' }) {
  const { t } = useTranslation();
  if (!shouldShowProgress(view)) return null;
  const completion = view.job?.completion ?? 0;
  return (
    <Stack gap={4}>
      <Progress
        value={getProgressWidth(completion)}
        aria-label={t('printers.card.progress')}
        color={view.printerState === 'PAUSED' ? 'red' : 'blue'}
        // stripes animate on the main thread: only the detail's single bar moves
        animated={place === 'detail' && view.printerState === 'PRINTING'}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate title={view.job?.name ?? undefined} data-testid="job-name">
          {view.job?.name ?? t('printers.card.noJobName')}
        </Text>
        <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatProgress(completion, place)}
        </Text>
      </Group>
    </Stack>
  );
}
