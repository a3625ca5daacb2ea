import { Button, Group } from '@mantine/core';
import { IconPlayerPause, IconPlayerStop, IconPlugConnected, IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getScreenPath } from '../../../config/screens';
import type { CardAction } from '../../../shared/printers/model/card-actions';
import { PlateClearedButton } from './PlateClearedButton';
import { usePrinterPrintActions } from './print-actions-slot';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import type { PrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';

interface PrinterCardActionsProps {
  view: PrinterView;
  actions: CardAction[];
  commands: PrinterCommands;
  /** Re-print and Print (READY_TO_PRINT with OPERATE_PRINTERS) */
  canPrint?: boolean;
}

/** The buttons of a card by state (spec part 1 §4 "Card actions by state"). */
export function PrinterCardActions({
  view,
  actions,
  commands,
  canPrint = false,
}: PrinterCardActionsProps) {
  const { t } = useTranslation();
  const PrinterPrintActions = usePrinterPrintActions();
  if (actions.length === 0 && !canPrint) return null;
  const controlsPath = `${getScreenPath('printerDetail', { id: view.printer.id })}?activeTab=controls`;
  return (
    <Group gap="xs" className="printer-interactive">
      {canPrint && PrinterPrintActions && <PrinterPrintActions view={view} />}
      {canPrint && <PlateClearedButton view={view} />}
      {actions.map((action) => {
        switch (action) {
          case 'loading':
            return (
              <Button key={action} size="xs" loading disabled variant="light">
                {t('app.loading')}
              </Button>
            );
          case 'pause':
            return (
              <Button
                key={action}
                size="xs"
                variant="light"
                component={Link}
                to={controlsPath}
                leftSection={<IconPlayerPause size={14} />}
              >
                {t('printers.actions.pause')}
              </Button>
            );
          case 'cancel':
            return (
              <Button
                key={action}
                size="xs"
                variant="light"
                color="red"
                component={Link}
                to={controlsPath}
                leftSection={<IconPlayerStop size={14} />}
              >
                {t('printers.actions.cancel')}
              </Button>
            );
          case 'powerOn':
            return (
              <Button
                key={action}
                size="xs"
                leftSection={<IconPower size={14} />}
                onClick={() => void commands.setPower(view, true)}
              >
                {t('printers.actions.powerOn')}
              </Button>
            );
          case 'connect':
            return (
              <Button
                key={action}
                size="xs"
                leftSection={<IconPlugConnected size={14} />}
                onClick={() => void commands.connect(view)}
              >
                {t(view.isKlipper ? 'printers.actions.restartKlipper' : 'printers.actions.connect')}
              </Button>
            );
        }
      })}
    </Group>
  );
}
