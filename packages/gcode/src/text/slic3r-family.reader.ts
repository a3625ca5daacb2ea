import {
  parseDuration,
  parseNumber,
  parseNumberList,
  parseNumbersWithUnit,
  parseStringList,
} from '../fields/parse-values.js';
import { setOnce, type FieldReader } from '../fields/raw-fields.js';
import { createKeyTable, createKeyedReader, type KeyHandler } from './comment-fields.js';

const scale = (values: number[], factor: number) => values.map((value) => value * factor);

function setNumber(key: 'timeSec' | 'layerHeightMm' | 'totalGrams'): KeyHandler {
  return (value, fields) => setOnce(fields, key, () => parseNumber(value));
}

function setNumberList(
  key: 'lengthsMm' | 'volumesMm3' | 'gramsList' | 'nozzlesMm' | 'densities' | 'diametersMm',
  factor = 1,
): KeyHandler {
  return (value, fields) => setOnce(fields, key, () => scale(parseNumberList(value), factor));
}

const setTime: KeyHandler = (value, fields) =>
  setOnce(fields, 'timeSec', () => parseDuration(value));

/**
 * PrusaSlicer, SuperSlicer, Slic3r, OrcaSlicer and its forks, and Bambu Studio: the same key
 * names, written as `; key = value` in configs and stats and as `; key: value` in the Orca and
 * Bambu header block. The bgcode metadata blocks use these very keys too.
 */
export const SLIC3R_KEYS = createKeyTable({
  'estimated printing time (normal mode)': setTime,
  // `; model printing time: 8m 14s; total estimated time: 14m 43s` — the total is what the
  // printer shows, since it includes heating and calibration.
  'model printing time': (value, fields) =>
    setTime(value.split('total estimated time:')[1] ?? value, fields),
  layer_height: setNumber('layerHeightMm'),
  'filament used [mm]': setNumberList('lengthsMm'),
  'total filament length [mm]': setNumberList('lengthsMm'),
  filament_length_m: setNumberList('lengthsMm', 1000),
  'filament used [cm3]': setNumberList('volumesMm3', 1000),
  // Bambu labels this cm^3, but the values are mm³ (603.53 mm × 2.405 mm² = 1451.67).
  'total filament volume [cm^3]': setNumberList('volumesMm3'),
  'total filament used [g]': setNumber('totalGrams'),
  'filament mass_g': setNumber('totalGrams'),
  'filament used [g]': setNumberList('gramsList'),
  'total filament weight [g]': setNumberList('gramsList'),
  nozzle_diameter: setNumberList('nozzlesMm'),
  filament_type: (value, fields) => setOnce(fields, 'types', () => parseStringList(value)),
  filament_density: setNumberList('densities'),
  filament_diameter: setNumberList('diametersMm'),
  // Bambu's `; filament: 1,3` names the used filament slots, 1-based.
  filament: (value, fields) =>
    setOnce(fields, 'usedSlots', () =>
      parseNumberList(value)
        .filter((slot) => Number.isInteger(slot) && slot >= 1 && slot <= 64)
        .map((slot) => slot - 1),
    ),
  // Slic3r 1.x: `; filament used = 1482.1mm, 34.4mm (3.6cm3)`.
  'filament used': (value, fields) =>
    setOnce(fields, 'lengthsMm', () => parseNumbersWithUnit(value, 'mm')),
});

export function createSlic3rReader(): FieldReader {
  // `=` comes first in config lines whose values hold colons (`bed_shape = 0x0,…`).
  return createKeyedReader({ separators: '=:', table: SLIC3R_KEYS });
}
