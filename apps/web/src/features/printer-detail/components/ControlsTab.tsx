import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { CommandsPanel } from './controls/CommandsPanel';
import { JobPanel } from './controls/JobPanel';
import { MaterialPanel } from './controls/MaterialPanel';
import { MovementPanel } from './controls/MovementPanel';
import { TemperaturePanel } from './controls/TemperaturePanel';

/** The controls tab (OPERATE_PRINTERS): spec part 1 §5 "Controls". */
export function ControlsTab({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const isReady = view.printerState === 'READY_TO_PRINT';
  return (
    <Stack gap="md">
      <JobPanel view={view} />
      {!isReady && (
        <Alert color="gray" variant="light">
          {t('printers.controls.notReady')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MovementPanel view={view} />
        <TemperaturePanel view={view} />
        <MaterialPanel view={view} />
        <CommandsPanel view={view} />
      </SimpleGrid>
    </Stack>
  );
}
