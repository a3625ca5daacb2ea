import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import {
  formatGrams,
  formatLength,
  formatMillimetres,
  formatPrintTime,
} from '../../../lib/format-units';
import { GcodeFacts } from './GcodeFacts';

/** Printing time, layer height and filament used: the row's collapsible details. */
export function GcodeSummary({ gcode }: { gcode: Gcode }) {
  const { t } = useTranslation();
  const filament = `${formatLength(gcode.filament_used_mm)} · ${formatGrams(gcode.filament_used_g)}`;
  return (
    <GcodeFacts
      layout="row"
      data-testid="gcode-details"
      facts={[
        { label: t('files.row.printingTime'), value: formatPrintTime(gcode.printing_time_sec) },
        { label: t('files.row.layerHeight'), value: formatMillimetres(gcode.layer_height_mm) },
        { label: t('files.row.filament'), value: filament },
      ]}
    />
  );
}
