import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../../lib/error-modal-store';
import { getLatestPrintJob } from '../../../shared/print-jobs/api/get-print-jobs';
import { decideReprint } from '../../../shared/print-jobs/model/print-job-display';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { PrintDialogLauncher } from './PrintDialogLauncher';

type Opened = { fileId?: number } | null;

/** A ready card's Re-print and Print (spec part 1 §4 "Card actions by state", "Re-print"). */
export function PrinterPrintActions({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Opened>(null);
  const [isLoading, setLoading] = useState(false);
  const { printer } = view;

  const reprint = async () => {
    setLoading(true);
    try {
      const decision = decideReprint(await getLatestPrintJob(printer.group_id, printer.id));
      if (decision.kind === 'fileDeleted') {
        notifications.show({
          color: 'orange',
          title: t('printDialog.gcodeDeletedTitle'),
          message: t('printDialog.gcodeDeleted'),
        });
      } else if (decision.kind === 'noHistory') {
        // an empty dialog would say nothing: tell why there is nothing to print again
        notifications.show({
          color: 'blue',
          title: t('printDialog.noHistoryTitle'),
          message: t('printDialog.noHistory', { name: printer.name }),
        });
      } else {
        setOpened({ fileId: decision.fileId });
      }
    } catch (error) {
      reportError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRepeat size={14} />}
        loading={isLoading}
        onClick={() => void reprint()}
      >
        {t('printDialog.reprint')}
      </Button>
      <Button size="xs" leftSection={<IconPrinter size={14} />} onClick={() => setOpened({})}>
        {t('printDialog.open')}
      </Button>
      {opened && (
        <PrintDialogLauncher
          initialFileId={opened.fileId}
          initialPrinterId={printer.id}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}
