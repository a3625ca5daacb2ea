import type { SlicedFor } from '@printdeck/shared';
import { formatDecimal } from '../../../lib/number-locale';

/** "PLA 12.3 m / 36 g": one filament as the slicer counted it; missing parts are left out. */
function describeFilament(filament: SlicedFor['filaments'][number]): string {
  const amounts = [
    filament.used_m === null ? null : `${formatDecimal(filament.used_m, 1)} m`,
    filament.used_g === null ? null : `${Math.round(filament.used_g)} g`,
  ].filter((part) => part !== null);
  return [filament.type, amounts.join(' / ')].filter(Boolean).join(' ');
}

/**
 * What a `.gcode.3mf` was sliced for, in one line: "Bambu Lab P1S · PLA 12.3 m / 36 g" (issue 25).
 * An unknown model code shows as the code; null when the slicer said nothing.
 */
export function describeSlicedFor(slicedFor: SlicedFor | null | undefined): string | null {
  if (!slicedFor) return null;
  const parts = [
    slicedFor.printer_model ?? slicedFor.printer_model_id,
    slicedFor.filaments.map(describeFilament).filter(Boolean).join(', ') || null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
