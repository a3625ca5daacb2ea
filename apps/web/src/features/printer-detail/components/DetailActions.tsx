import { Button, Group } from '@mantine/core';
import { IconAlertOctagon, IconPlugConnectedX, IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsChangingState } from '../../../shared/printers/hooks/changing-state-store';
import { usePrinterCommands } from '../../../shared/printers/hooks/use-printer-commands';
import type { PrinterView } from '../../../shared/printers/model/printer-view';

/** Power off for Moonraker printers, disconnect for the others; and the emergency stop. */
export function DetailActions({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const isChanging = useIsChangingState(view.printer.id, view.printerState);
  return (
    <Group gap="xs">
      {view.isKlipper
        ? view.hasPowerRelay && (
            <Button
              variant="default"
              leftSection={<IconPower size={16} />}
              disabled={!view.actions.canTurnOff || isChanging}
              onClick={() => void commands.setPower(view, false)}
            >
              {t('printers.actions.powerOff')}
            </Button>
          )
        : view.isPaired && (
            <Button
              variant="default"
              leftSection={<IconPlugConnectedX size={16} />}
              disabled={isChanging}
              onClick={() => void commands.disconnect(view)}
            >
              {t('printers.actions.disconnect')}
            </Button>
          )}
      {view.actions.canEmergencyStop && (
        <Button
          color="red"
          leftSection={<IconAlertOctagon size={16} />}
          onClick={() => void commands.emergencyStop(view)}
        >
          {t('printers.actions.emergencyStop')}
        </Button>
      )}
    </Group>
  );
}
