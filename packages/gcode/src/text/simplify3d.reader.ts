import {
  parseDuration,
  parseNumber,
  parseNumberList,
  parseStringList,
  toList,
} from '../fields/parse-values.js';
import { setOnce, type FieldReader } from '../fields/raw-fields.js';
import { createKeyTable, createKeyedReader, type KeyHandler } from './comment-fields.js';

const setLength: KeyHandler = (value, fields) =>
  setOnce(fields, 'lengthsMm', () => toList(parseNumber(value)));
const setWeight: KeyHandler = (value, fields) =>
  setOnce(fields, 'totalGrams', () => parseNumber(value));
const setNozzle: KeyHandler = (value, fields) =>
  setOnce(fields, 'nozzlesMm', () => parseNumberList(value));

/**
 * Simplify3D's settings summary (`;   key,value`, head) and build summary (`;   Key: value`,
 * tail). Keys are compared in lower case because v4 and v5 capitalise them differently.
 */
const SIMPLIFY3D_KEYS = createKeyTable({
  // v4 `0 hours 31 minutes`, v5 `Build Time: 1 hours 2 minutes`, klipper_estimator `… 3 sec`.
  'build time': (value, fields) => setOnce(fields, 'timeSec', () => parseDuration(value)),
  'filament length': setLength,
  'material length': setLength,
  'plastic weight': setWeight,
  'material weight': setWeight,
  layerheight: (value, fields) => setOnce(fields, 'layerHeightMm', () => parseNumber(value)),
  extruderdiameter: setNozzle,
  nozzlediameter: setNozzle,
  // The material profile's name, which is usually the material (`PLA`, `ABS`).
  printmaterial: (value, fields) => setOnce(fields, 'types', () => parseStringList(value)),
  filamentdiameters: (value, fields) =>
    setOnce(fields, 'diametersMm', () => parseNumberList(value)),
  filamentdensities: (value, fields) => setOnce(fields, 'densities', () => parseNumberList(value)),
});

export function createSimplify3dReader(): FieldReader {
  return createKeyedReader({
    separators: ',:',
    table: SIMPLIFY3D_KEYS,
    normalizeKey: (key) => key.toLowerCase(),
  });
}
