import { parseDuration, parseNumber } from '../fields/parse-values.js';
import { setAt, setOnce, type FieldReader } from '../fields/raw-fields.js';
import { createKeyTable, createKeyedReader, type LinePattern } from './comment-fields.js';

const IDEAMAKER_KEYS = createKeyTable({
  // Seconds; DSF's samples also show `40m:36s`, which parseDuration reads too.
  'Print Time': (value, fields) => setOnce(fields, 'timeSec', () => parseDuration(value)),
  // `;Dimension: 305.000 305.000 305.000 0.400 [0.400]`: build volume, then nozzle per head.
  Dimension: (value, fields) =>
    setOnce(fields, 'nozzlesMm', () => value.trim().split(/\s+/).slice(3).map(Number)),
});

/** Per-extruder keys numbered from 1: `;Material#1 Used: 239.3`, `;Filament Type #1: PLA`. */
const NUMBERED_KEYS: LinePattern[] = [
  [
    /^;Material#(\d{1,2}) Used:\s*(\S.*)?$/,
    ([, n, value], fields) => setAt(fields, 'lengthsMm', Number(n) - 1, parseNumber(value ?? '')),
  ],
  [
    /^;Filament Diameter #(\d{1,2}):\s*(\S.*)?$/,
    ([, n, value], fields) => setAt(fields, 'diametersMm', Number(n) - 1, parseNumber(value ?? '')),
  ],
  [
    // ideaMaker writes densities in kg/m³.
    /^;Filament Density #(\d{1,2}):\s*(\S.*)?$/,
    ([, n, value], fields) =>
      setAt(fields, 'densities', Number(n) - 1, (parseNumber(value ?? '') ?? Number.NaN) / 1000),
  ],
  [
    /^;Filament Type #(\d{1,2}):\s*(\S.*)?$/,
    ([, n, value], fields) => setAt(fields, 'types', Number(n) - 1, value?.trim() || undefined),
  ],
];

/**
 * ideaMaker: a head of `;Key: value` lines and numbered per-extruder keys, and a short tail
 * with the time and lengths. The layer height comes from the `;HEIGHT:` lines, which the
 * fallback reader handles.
 */
export function createIdeamakerReader(): FieldReader {
  return createKeyedReader({ separators: ':', table: IDEAMAKER_KEYS, patterns: NUMBERED_KEYS });
}
