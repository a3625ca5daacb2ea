import { parseDuration, parseNumber, parseStringList, toList } from '../fields/parse-values.js';
import { setAt, setOnce, type FieldReader } from '../fields/raw-fields.js';
import {
  createKeyTable,
  createKeyedReader,
  type KeyHandler,
  type LinePattern,
} from './comment-fields.js';

const setTime: KeyHandler = (value, fields) =>
  setOnce(fields, 'timeSec', () => parseDuration(value));
const setMinutes: KeyHandler = (value, fields) =>
  setOnce(fields, 'timeSec', () => (parseNumber(value) ?? Number.NaN) * 60);
const setLayer: KeyHandler = (value, fields) =>
  setOnce(fields, 'layerHeightMm', () => parseNumber(value));
const setLength: KeyHandler = (value, fields) =>
  setOnce(fields, 'lengthsMm', () => toList(parseNumber(value)));

/**
 * IceSL (`; key : value`), Kiri:Moto (`; key = value`, `; --- key: value`) and KISSlicer
 * (`;    key = value`). Their key names do not collide, so one table serves all three; the
 * patterns come from Moonraker's and DSF's parsers (reference §3.8).
 */
const OTHER_KEYS = createKeyTable({
  estimated_print_time_s: setTime,
  z_layer_height_mm: setLayer,
  filament_used_mm: setLength,
  filament_used_g: (value, fields) => setOnce(fields, 'totalGrams', () => parseNumber(value)),
  filament_type: (value, fields) => setOnce(fields, 'types', () => parseStringList(value)),
  nozzle_diameter_mm_0: (value, fields) =>
    setOnce(fields, 'nozzlesMm', () => toList(parseNumber(value))),
  sliceHeight: setLayer,
  '--- print time': setTime,
  '--- filament used': setLength,
  max_layer_thickness_mm: setLayer,
  layer_thickness_mm: setLayer,
  // `12.5 minutes`: the unit is written out.
  'Calculated-during-export Build Time': setTime,
  'Total estimated (pre-cool) minutes': setMinutes,
});

/** KISSlicer's per-extruder lengths, `;    Ext #1 = 1234.5 mm`. */
const KISSLICER_EXTRUDER: LinePattern = [
  /^;\s+Ext #(\d{1,2}) = (.*)$/,
  ([, n, value], fields) => setAt(fields, 'lengthsMm', Number(n) - 1, parseNumber(value ?? '')),
];

export function createOtherSlicersReader(): FieldReader {
  return createKeyedReader({ separators: '=:', table: OTHER_KEYS, patterns: [KISSLICER_EXTRUDER] });
}
