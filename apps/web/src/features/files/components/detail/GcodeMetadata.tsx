import type { Gcode } from '@printdeck/shared';
import { useTranslation } from 'react-i18next';
import {
  formatFileSize,
  formatGrams,
  formatLength,
  formatMillimetres,
  formatPrintTime,
} from '../../../../lib/format-units';
import { describeSlicedFor } from '../../model/sliced-for-text';
import { GcodeFacts } from '../GcodeFacts';
import { BreakableText } from '../../../../components/BreakableText';
import { HumanDateText } from '../../../../components/HumanDateText';

/** Size, uploader, upload date and what the slicer wrote (spec §2.6 "Metadata"). */
export function GcodeMetadata({ gcode }: { gcode: Gcode }) {
  const { t } = useTranslation();
  const slicedFor = describeSlicedFor(gcode.sliced_for);
  const facts = {
    size: formatFileSize(gcode.size),
    uploadedBy: <BreakableText>{gcode.uploadedBy || '–'}</BreakableText>,
    uploadedOn: <HumanDateText value={gcode.uploadedOn} />,
    printingTime: formatPrintTime(gcode.printing_time_sec),
    layerHeight: formatMillimetres(gcode.layer_height_mm),
    filamentLength: formatLength(gcode.filament_used_mm),
    filamentWeight: formatGrams(gcode.filament_used_g),
    nozzle: formatMillimetres(gcode.nozzle_diameter_mm),
    slicer: gcode.slicer ?? '–',
    format: `.${gcode.format}`,
    // a .gcode.3mf's sliced plates (issue 25)
    ...(gcode.plates ? { plates: gcode.plates.join(', ') } : {}),
    // the printer model and filaments a .gcode.3mf was sliced for (issue 25)
    ...(slicedFor ? { slicedFor } : {}),
  } as const;
  return (
    <GcodeFacts
      layout="grid"
      data-testid="gcode-metadata"
      facts={Object.entries(facts).map(([key, value]) => ({
        label: t(`gcodeDetail.metadata.${key as keyof typeof facts}`),
        value,
      }))}
    />
  );
}
