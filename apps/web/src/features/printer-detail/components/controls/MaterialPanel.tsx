import { Alert, Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrinterCommands } from '../../../../shared/printers/hooks/use-printer-commands';
import {
  DEFAULT_MATERIAL_LENGTH,
  MIN_EXTRUDE_TEMPERATURE,
  getColdNozzleTemperature,
  getExtrudeAmount,
  toNumber,
  type MaterialAction,
} from '../../model/control-input';
import type { PrinterView } from '../../../../shared/printers/model/printer-view';
import { ControlPanel } from './ControlPanel';

/** Extrude (positive) or retract (negative) a length of filament, default 5 mm. */
export function MaterialPanel({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const commands = usePrinterCommands();
  const [value, setValue] = useState<string | number>(DEFAULT_MATERIAL_LENGTH);
  const length = toNumber(value);
  const isValid = length !== null && length > 0;
  const canUse = view.actions.canUseMaterial && isValid;
  const coldTemperature = view.isOnline
    ? getColdNozzleTemperature(view.temperatures.tool0?.actual)
    : null;
  const run = (action: MaterialAction) =>
    length !== null &&
    void commands.control(view, 'extrude', { amount: getExtrudeAmount(action, length) });
  return (
    <ControlPanel title={t('printers.controls.material')}>
      <NumberInput
        label={t('printers.controls.length')}
        value={value}
        onChange={setValue}
        min={0.1}
        max={1000}
        suffix=" mm"
        allowNegative={false}
      />
      <Group gap="xs">
        <Button variant="light" disabled={!canUse} onClick={() => run('extrude')}>
          {t('printers.controls.extrude')}
        </Button>
        <Button variant="light" disabled={!canUse} onClick={() => run('retract')}>
          {t('printers.controls.retract')}
        </Button>
      </Group>
      {coldTemperature !== null && (
        <Alert color="yellow" p="xs" data-testid="cold-extrusion-warning">
          {t('printers.controls.coldNozzle', {
            temperature: coldTemperature,
            minimum: MIN_EXTRUDE_TEMPERATURE,
          })}
        </Alert>
      )}
    </ControlPanel>
  );
}
