import type { AmsState, AmsTray } from '@printdeck/shared';
import { asRecord } from '../host-http.js';

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The external spool's tray id (`vt_tray`, `tray_now` "254"); 255 = nothing loaded. */
const EXTERNAL = 254;
const NONE = 255;

/** `RRGGBBAA` to `#RRGGBB`; null when not a colour. */
function colourOf(value: unknown): string | null {
  const hex = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[0-9A-F]{6}([0-9A-F]{2})?$/.test(hex) ? `#${hex.slice(0, 6)}` : null;
}

/** `remain` is percent, -1 when unknown or disabled (reference §1.7; ha-bambulab `AMSTray`). */
function remainingOf(value: unknown): number | null {
  const remain = Number(value);
  return Number.isInteger(remain) && remain >= 0 && remain <= 100 ? remain : null;
}

function trayOf(raw: unknown, id: number, unit: number | null, slot: number | null): AmsTray {
  const tray = asRecord(raw);
  const material = typeof tray.tray_type === 'string' ? tray.tray_type.trim().slice(0, 40) : '';
  return {
    id,
    unit,
    slot,
    // a tray object with only its id is an empty slot (reference §1.5 rule 3)
    material: material || null,
    color: material ? colourOf(tray.tray_color) : null,
    remaining_percent: material ? remainingOf(tray.remain) : null,
  };
}

/**
 * The AMS trays and the external spool from the merged report, read-only (reference §1.7;
 * OpenBambuAPI `mqtt.md` push_status `ams`; ha-bambulab `models.py` `AMSList`): global tray id
 * = AMS id × 4 + slot (AMS HT units 128–135 have one slot each), `tray_now` the active tray.
 * Null when the printer reports neither an AMS nor an external spool.
 */
export function readAms(report: Record<string, unknown>): AmsState | null {
  const ams = asRecord(report.ams);
  const trays: AmsTray[] = [];
  for (const unitRaw of asArray(ams.ams)) {
    const unit = asRecord(unitRaw);
    const unitId = Number(unit.id);
    if (!Number.isInteger(unitId) || unitId < 0 || unitId > 255) continue;
    for (const trayRaw of asArray(unit.tray)) {
      const slot = Number(asRecord(trayRaw).id);
      if (!Number.isInteger(slot) || slot < 0 || slot > 3) continue;
      const id = unitId >= 128 ? unitId : unitId * 4 + slot;
      if (id < EXTERNAL) trays.push(trayOf(trayRaw, id, unitId, slot));
    }
  }
  if (report.vt_tray !== undefined) trays.push(trayOf(report.vt_tray, EXTERNAL, null, null));
  if (trays.length === 0) return null;
  const now = Number(ams.tray_now);
  const active = Number.isInteger(now) && now >= 0 && now < NONE ? now : null;
  return { trays: trays.slice(0, 40), active_tray: active };
}
