import { Stack, Text } from '@mantine/core';
import type { PrinterEnergyMeter } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/number-locale';

/** What the saved plug reads now: its power and energy counter, or why it could not be read. */
export function EnergyMeterReading({ current }: { current: PrinterEnergyMeter }) {
  const { t } = useTranslation();
  if (!current.meter) {
    return (
      <Text size="sm" c="dimmed">
        {t('printers.energyMeter.none')}
      </Text>
    );
  }
  if (!current.reading) {
    return (
      <Text size="sm" c="red" data-testid="energy-meter-reading">
        {t('printers.energyMeter.readingFailed', { reason: current.reading_error ?? '' })}
      </Text>
    );
  }
  const { power_w: powerW, total_kwh: totalKwh } = current.reading;
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="energy-meter-reading">
        {powerW === null
          ? t('printers.energyMeter.readingTotal', { kwh: formatDecimal(totalKwh, 3, true) })
          : t('printers.energyMeter.reading', {
              kwh: formatDecimal(totalKwh, 3, true),
              watts: formatDecimal(powerW, 1, true),
            })}
      </Text>
      <Text size="xs" c="dimmed">
        {current.meter.read_by === 'agent'
          ? t('printers.energyMeter.readByAgent')
          : t('printers.energyMeter.readByServer')}
      </Text>
    </Stack>
  );
}
