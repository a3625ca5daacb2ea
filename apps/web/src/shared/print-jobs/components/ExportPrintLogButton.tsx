import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentWorkspace } from '../../workspaces/hooks/current-workspace';
import { useDownloadPrintLog, type PrintLogRange } from '../api/export-print-log';

/** Saves the print log of a range as CSV (date, printer, file, who, outcome, duration, filament, cost). */
export function ExportPrintLogButton({ range = {} }: { range?: PrintLogRange }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const download = useDownloadPrintLog(workspace.id);
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} />}
      loading={download.isPending}
      onClick={() => download.mutate(range)}
      data-testid="export-print-log"
    >
      {t('printJobs.exportCsv')}
    </Button>
  );
}
