import { Badge, Button, Group, Loader } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShowsSpinner } from '../hooks/use-shows-spinner';
import { PRINTER_STATE_COLORS } from '../model/printer-state-display';
import { formatHeaters, type PrinterView } from '../model/printer-view';
import { PrinterErrorDialog } from './PrinterErrorDialog';

/** The state with its spinner, and the details button of a Klipper printer in ERROR. */
export function PrinterStateBadge({ view }: { view: PrinterView }) {
  const { t } = useTranslation();
  const showsSpinner = useShowsSpinner(view);
  const [isErrorOpen, setErrorOpen] = useState(false);
  const state = view.printerState;
  const label = view.isHeating
    ? t('printers.heating.label')
    : state === 'DOWNLOADING_PRINT_FILE'
      ? t('printers.state.DOWNLOADING_PRINT_FILE', {
          progress: Math.round(view.downloadProgress ?? 0),
        })
      : t(`printers.state.${state}`);
  return (
    <Group gap={6} wrap="nowrap" className="printer-interactive">
      <Badge
        color={PRINTER_STATE_COLORS[state]}
        variant="light"
        size="lg"
        radius="sm"
        data-testid="printer-state"
        data-state={state}
        data-heating={view.isHeating || undefined}
        title={
          view.isHeating
            ? formatHeaters(view.temperatures, {
                tool0: t('printers.heating.tool0'),
                bed: t('printers.heating.bed'),
              })
            : undefined
        }
        data-spinner={showsSpinner || undefined}
        leftSection={
          showsSpinner ? (
            <Loader size={12} color={PRINTER_STATE_COLORS[state]} aria-hidden />
          ) : undefined
        }
        styles={{ label: { textTransform: 'none' } }}
      >
        {label}
      </Badge>
      {state === 'ERROR' && view.isKlipper && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setErrorOpen(true)}>
          {t('printers.errorDialog.details')}
        </Button>
      )}
      {/* stays open after a restart clears the error, until it closes itself */}
      {isErrorOpen && <PrinterErrorDialog view={view} onClose={() => setErrorOpen(false)} />}
    </Group>
  );
}
