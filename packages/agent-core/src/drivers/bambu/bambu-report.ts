import { asRecord } from '../host-http.js';

export type BambuReport = Record<string, unknown>;

/** Reports larger than this are logged once and ignored (a real push_status is ~5 KB). */
export const MAX_REPORT_BYTES = 256 * 1024;

function mergeById(previous: unknown, next: unknown, inner?: string): unknown {
  if (!Array.isArray(next)) return next;
  const before = new Map<string, Record<string, unknown>>();
  if (Array.isArray(previous)) {
    for (const item of previous) before.set(String(asRecord(item).id), asRecord(item));
  }
  return next.map((item) => {
    const record = asRecord(item);
    const old = before.get(String(record.id));
    // a tray with only its id (and maybe state) is an empty slot: reset it (reference §1.5 rule 3)
    const isEmptySlot = Object.keys(record).every((key) => key === 'id' || key === 'state');
    if (!old || isEmptySlot) return record;
    const merged: Record<string, unknown> = { ...old, ...record };
    if (inner) merged[inner] = mergeById(old[inner], record[inner]);
    return merged;
  });
}

/**
 * Merges one `print` object into the printer's state (reference §1.5; ha-bambulab and bambuddy):
 * a key that is absent is unchanged, never cleared; `ams.ams[]` and its `tray[]` merge by id;
 * `hms`, `lights_report` and other lists are replaced whole.
 */
export function mergeReport(state: BambuReport, print: BambuReport): BambuReport {
  const merged: BambuReport = { ...state };
  for (const [key, value] of Object.entries(print)) {
    if (key === 'command' || key === 'sequence_id' || key === 'msg') continue;
    if (key === 'ams' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const before = asRecord(state.ams);
      const next = asRecord(value);
      merged.ams = {
        ...before,
        ...next,
        ...('ams' in next ? { ams: mergeById(before.ams, next.ams, 'tray') } : {}),
      };
    } else {
      merged[key] = value;
    }
  }
  return merged;
}

/**
 * A report's payload as JSON, leniently: A1 mini firmware has sent invalid UTF-8 (reference
 * §1.3), which decodes to replacement characters. Null for anything that is not a JSON object.
 */
export function parseReport(payload: Buffer): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
