import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { usePrinterCommands } from '../../../../shared/printers/hooks/use-printer-commands';
import { DEFAULT_TEMPERATURE, isHeaterOffMidPrint, toNumber } from '../../model/control-input';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { ControlPanel } from './ControlPanel';

const MAX_TEMPERATURE = 500;

/** Target temperatures of the nozzle and the bed (starting from the printer's), and the fan. */
export function TemperaturePanel({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const isConnected = view.isPaired;
  return (
    <ControlPanel title={t('printers.controls.temperatures')}>
      <TargetRow part="tool0" label={t('printers.temperatures.nozzle')} view={view} />
      <TargetRow part="bed" label={t('printers.temperatures.bed')} view={view} />
      <Group gap="xs">
        <Button
          variant="default"
          disabled={!isConnected}
          onClick={() => void commands.control(view, 'fan_state', { state: 'on' })}
        >
          {t('printers.controls.fanOn')}
        </Button>
        <Button
          variant="default"
          disabled={!isConnected}
          onClick={() => void commands.control(view, 'fan_state', { state: 'off' })}
        >
          {t('printers.controls.fanOff')}
        </Button>
      </Group>
    </ControlPanel>
  );
}

function TargetRow(props: { part: 'tool0' | 'bed'; label: string; view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const { view, part } = props;
  const current = view.temperatures[part]?.target ?? DEFAULT_TEMPERATURE;
  // the field follows the printer's target until the user types: Set never sends a stale 0
  const [edited, setEdited] = useState<string | number | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const value = edited ?? current;
  const temperature = toNumber(value);
  const isValid = temperature !== null && temperature >= 0 && temperature <= MAX_TEMPERATURE;

  const send = async () => {
    setConfirmOpen(false);
    if (temperature === null) return;
    if (await commands.control(view, 'temperature', { part, temperature })) setEdited(null);
  };
  const submit = () => {
    if (temperature === null) return;
    if (isHeaterOffMidPrint(view, current, temperature)) setConfirmOpen(true);
    else void send();
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={t('printers.controls.target', { part: props.label })}
        value={value}
        onChange={setEdited}
        min={0}
        max={MAX_TEMPERATURE}
        suffix=" °C"
        allowNegative={false}
        style={{ flex: 1 }}
      />
      <Button disabled={!isValid || !view.isPaired} onClick={submit}>
        {t('printers.controls.set')}
      </Button>
      {isConfirmOpen && (
        <ConfirmDialog
          title={t('printers.controls.heaterOffTitle', { part: props.label })}
          confirmLabel={t('printers.controls.heaterOffConfirm')}
          dismissLabel={t('printers.controls.heaterOffKeep')}
          onClose={() => setConfirmOpen(false)}
          onConfirm={() => void send()}
        >
          {t('printers.controls.heaterOffText', { part: props.label, name: view.printer.name })}
        </ConfirmDialog>
      )}
    </Group>
  );
}
