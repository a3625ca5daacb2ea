import { Badge, Checkbox, Group, Stack } from '@mantine/core';
import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import { FilamentTypeSelect } from '../../../shared/printers/components/FilamentTypeSelect';
import { PrinterStateBadge } from '../../../shared/printers/components/PrinterStateBadge';
import type { PrinterView } from '../../../shared/printers/model/printer-view';
import { WaitingStartNotice } from '../../../shared/waiting-starts';
import { toPrintTarget } from '../model/print-target';
import { getPrinterHints } from '../model/print-validation';

/** One printer of the dialog: its checkbox, state, hints for the chosen file, and filament. */
export function PrinterChoice({
  view,
  isChecked,
  file,
  onToggle,
}: {
  view: PrinterView;
  isChecked: boolean;
  file: Gcode | undefined;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const hints = getPrinterHints(
    toPrintTarget(view),
    file ? file.filament_type : undefined,
    file?.format,
  );
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="print-dialog-printer"
      data-printer-id={view.printer.id}
    >
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Checkbox label={view.printer.name} checked={isChecked} onChange={onToggle} />
        <Group gap={6} pl={30}>
          <PrinterStateBadge view={view} />
          <WaitingStartNotice printerId={view.printer.id} />
          {hints.map((hint) => (
            <Badge
              key={hint}
              color={
                hint === 'notReady' ? 'orange' : hint === 'cannotPrintFormat' ? 'red' : 'yellow'
              }
              variant="light"
              data-testid={`print-dialog-hint-${hint}`}
            >
              {t(`printDialog.hint.${hint}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
      <FilamentTypeSelect printer={view.printer} />
    </Group>
  );
}
