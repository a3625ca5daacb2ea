import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrinterCommands } from '../../../hooks/use-printer-commands';
import { DEFAULT_TEMPERATURE, toNumber } from '../../../model/control-input';
import type { PrinterView } from '../../../model/printer-view';
import { ControlPanel } from './ControlPanel';

const MAX_TEMPERATURE = 500;

/** Target temperatures of the nozzle and the bed (default 0), and the fan. */
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
  const [value, setValue] = useState<string | number>(DEFAULT_TEMPERATURE);
  const temperature = toNumber(value);
  const isValid = temperature !== null && temperature >= 0 && temperature <= MAX_TEMPERATURE;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NumberInput
        label={t('printers.controls.target', { part: props.label })}
        value={value}
        onChange={setValue}
        min={0}
        max={MAX_TEMPERATURE}
        suffix=" °C"
        allowNegative={false}
        style={{ flex: 1 }}
      />
      <Button
        disabled={!isValid || !props.view.isPaired}
        onClick={() =>
          temperature !== null &&
          void commands.control(props.view, 'temperature', { part: props.part, temperature })
        }
      >
        {t('printers.controls.set')}
      </Button>
    </Group>
  );
}
