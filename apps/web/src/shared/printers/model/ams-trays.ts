import type { AmsState } from '@printdeck/shared';

/** The external spool's tray id (Bambu Lab `vt_tray`). */
export const EXTERNAL_TRAY_ID = 254;

/** One AMS tray as the printer card and detail show it. */
export interface AmsTrayView {
  id: number;
  /** "A1"…"D4" for AMS slots, "HT1"… for AMS HT units; null for the external spool */
  name: string | null;
  isExternal: boolean;
  /** null for an empty slot */
  material: string | null;
  /** "#RRGGBB"; null when unknown or empty */
  color: string | null;
  /** percent left; null when the printer does not know */
  remainingPercent: number | null;
  isActive: boolean;
}

/** Bambu Studio's names: AMS 0–3 are A–D with slots 1–4, AMS HT units 128–135 are HT1–HT8. */
function trayName(unit: number | null, slot: number | null): string | null {
  if (unit === null) return null;
  if (unit >= 128) return `HT${unit - 127}`;
  const letter = unit < 26 ? String.fromCharCode(65 + unit) : `${unit + 1}-`;
  return slot === null ? letter : `${letter}${slot + 1}`;
}

/** The trays in the printer's order (AMS slots, then the external spool); [] without an AMS. */
export function toAmsTrayViews(ams: AmsState | null | undefined): AmsTrayView[] {
  if (!ams) return [];
  return ams.trays.map((tray) => {
    const isExternal = tray.id === EXTERNAL_TRAY_ID;
    return {
      id: tray.id,
      name: isExternal ? null : trayName(tray.unit, tray.slot),
      isExternal,
      material: tray.material,
      color: tray.material ? tray.color : null,
      remainingPercent: tray.material ? tray.remaining_percent : null,
      isActive: ams.active_tray === tray.id,
    };
  });
}
