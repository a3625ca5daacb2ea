import { Alert, Button, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { TIMING } from '@printdeck/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKlipperPrinterInfo } from '../api/get-klipper-printer-info';
import { useHasPermission } from '../../workspaces/hooks/use-permission';
import { usePrinterCommands } from '../hooks/use-printer-commands';
import type { PrinterView } from '../model/printer-view';

/**
 * Klipper's own account of its error, with a firmware restart that closes the dialog 2 s
 * after it was sent (spec part 1 §2 "Printer error dialog").
 */
export function PrinterErrorDialog({ view, onClose }: { view: PrinterView; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useKlipperPrinterInfo(view.printer.id);
  const commands = usePrinterCommands();
  const canOperate = useHasPermission('OPERATE_PRINTERS');
  const [restartedAt, setRestartedAt] = useState<number | null>(null);

  // The timer must not restart when the parent re-renders with a new onClose.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (restartedAt === null) return undefined;
    const timer = setTimeout(() => close.current(), TIMING.restartDialogCloseMs);
    return () => clearTimeout(timer);
  }, [restartedAt]);

  const restart = async () => {
    const isSent = await commands.control(view, 'send_command', { commands: ['FIRMWARE_RESTART'] });
    if (isSent) setRestartedAt(Date.now());
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('printers.errorDialog.title', { name: view.printer.name })}
    >
      <Stack gap="md">
        {info.isPending && <Loader size="sm" />}
        {info.isError && <Alert color="red">{t('printers.errorDialog.unavailable')}</Alert>}
        {info.data && (
          <>
            <Text size="sm">
              {t('printers.errorDialog.state')}: <Code>{info.data.state}</Code>
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap' }}>
              {info.data.state_message || '–'}
            </Code>
          </>
        )}
        {restartedAt !== null && (
          <Alert color="teal" role="status">
            {t('printers.errorDialog.restartSent')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {canOperate && (
            <Button color="red" onClick={() => void restart()} disabled={restartedAt !== null}>
              {t('printers.errorDialog.restart')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
