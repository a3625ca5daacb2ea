import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrintTime } from '../../../lib/format-units';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { PrinterProgress } from '../../../shared/printers/components/PrinterProgress';

/**
 * The printer's job: progress and times while it runs; the print time of a finished one (no
 * "time left"); the last known job of an offline printer marked as such.
 */
export function CurrentJobPanel({
  view,
  lastSeen,
}: {
  view: PrinterView;
  lastSeen: string | null;
}) {
  const { t } = useTranslation();
  const { job } = view;
  return (
    <Paper withBorder p="md" data-testid="printer-job">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('printers.status.job')}
        </Title>
        <PrinterProgress view={view} place="detail" />
        {job && lastSeen && (
          <Text size="sm" c="dimmed" data-testid="job-last-known">
            {t('printers.status.lastKnownJob', { name: job.name, age: lastSeen })}
          </Text>
        )}
        {job && !lastSeen && (
          <Group gap="lg">
            <Text size="sm">
              {t('printers.status.printTime')}: {formatPrintTime(job.printTime)}
            </Text>
            {!job.finished && (
              <Text size="sm">
                {t('printers.status.printTimeLeft')}: {formatPrintTime(job.printTimeLeft)}
              </Text>
            )}
          </Group>
        )}
        {!job && (
          <Text size="sm" c="dimmed">
            {t('printers.status.noJob')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
