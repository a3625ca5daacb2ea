import { Button, Group } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { usePrinterCommands } from '../../../../shared/printers/hooks/use-printer-commands';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { ControlPanel } from './ControlPanel';

/** Pause while printing, resume while paused, cancel in both (spec part 1 §4). */
export function JobPanel({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState<'pause' | 'resume' | 'cancel' | null>(null);
  const { canPause, canResume, canCancel } = view.actions;
  if (!canPause && !canResume && !canCancel) return null;

  const run = async (action: 'pause' | 'resume' | 'cancel') => {
    setBusy(action);
    await commands.control(view, action, {});
    setBusy(null);
    setCancelOpen(false);
  };

  return (
    <ControlPanel title={t('printers.controls.job')}>
      <Group gap="sm">
        {canPause && (
          <Button
            leftSection={<IconPlayerPause size={16} />}
            loading={busy === 'pause'}
            onClick={() => void run('pause')}
          >
            {t('printers.actions.pause')}
          </Button>
        )}
        {canResume && (
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            loading={busy === 'resume'}
            onClick={() => void run('resume')}
          >
            {t('printers.actions.resume')}
          </Button>
        )}
        {canCancel && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} />}
            onClick={() => setCancelOpen(true)}
          >
            {t('printers.actions.cancel')}
          </Button>
        )}
      </Group>
      {isCancelOpen && (
        <ConfirmDialog
          title={t('printers.controls.cancelTitle')}
          confirmLabel={t('printers.actions.cancelPrint')}
          dismissLabel={t('printers.controls.keepPrinting')}
          isPending={busy === 'cancel'}
          onClose={() => setCancelOpen(false)}
          onConfirm={() => void run('cancel')}
        >
          {t('printers.controls.cancelConfirm', { name: view.printer.name })}
        </ConfirmDialog>
      )}
    </ControlPanel>
  );
}
