import { Grid } from '@mantine/core';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { KlipperConsole } from './klipper/KlipperConsole';
import { KlipperMacros } from './klipper/KlipperMacros';

/** The Klipper console and macros (OPERATE_PRINTERS, Moonraker printers). */
export function KlipperTab({ view }: { view: PrinterView }) {
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <KlipperConsole view={view} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <KlipperMacros view={view} />
      </Grid.Col>
    </Grid>
  );
}
