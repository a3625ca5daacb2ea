import { ULTIMAKER_FILAMENT_DIAMETER_MM } from '../fields/filament.js';
import {
  parseDuration,
  parseNumber,
  parseNumberList,
  parseNumbersWithUnit,
  parseStringList,
  toList,
} from '../fields/parse-values.js';
import { setAt, setOnce, type FieldReader, type RawFields } from '../fields/raw-fields.js';
import {
  createKeyTable,
  createKeyedReader,
  type KeyHandler,
  type LinePattern,
} from './comment-fields.js';

const useUltimakerFilament = (fields: RawFields) =>
  setOnce(fields, 'defaultDiameterMm', () => ULTIMAKER_FILAMENT_DIAMETER_MM);

const setMaterialVolume =
  (index: number): KeyHandler =>
  (value, fields) =>
    setAt(fields, 'volumesMm3', index, parseNumber(value));

/**
 * CuraEngine's header (`;KEY:value`), and the `;Key = value` lines that users' start G-code
 * templates add and Moonraker reads.
 */
const CURA_KEYS = createKeyTable({
  // Moonraker takes the largest `;TIME:` in the head; `;TIME_ELAPSED:` is another key.
  TIME: (value, fields) => {
    const seconds = parseDuration(value);
    if (seconds !== undefined) fields.timeSec = Math.max(fields.timeSec ?? 0, seconds);
  },
  'PRINT.TIME': (value, fields) => setOnce(fields, 'timeSec', () => parseDuration(value)),
  // `1.36901m`, `0.00829066m, 0m` (metres per extruder) or `1234.5mm3` (volumetric flavour).
  'Filament used': (value, fields) => {
    setOnce(fields, 'lengthsMm', () => parseNumbersWithUnit(value, 'm').map((m) => m * 1000));
    setOnce(fields, 'volumesMm3', () => parseNumbersWithUnit(value, 'mm3'));
  },
  'Layer height': (value, fields) => setOnce(fields, 'layerHeightMm', () => parseNumber(value)),
  NOZZLE_DIAMETER: (value, fields) => setOnce(fields, 'nozzlesMm', () => parseNumberList(value)),
  MATERIAL: setMaterialVolume(0),
  MATERIAL2: setMaterialVolume(1),
  // Griffin and UltiGCode are the Ultimaker flavours, whose printers take 2.85 mm filament.
  FLAVOR: (value, fields) => {
    if (/^(?:Griffin|UltiGCode|Cheetah)/i.test(value)) useUltimakerFilament(fields);
  },
  'TARGET_MACHINE.NAME': (value, fields) => {
    if (/ultimaker/i.test(value)) useUltimakerFilament(fields);
  },
  'Nozzle diameter': (value, fields) => setOnce(fields, 'nozzlesMm', () => parseNumberList(value)),
  'Filament type': (value, fields) => setOnce(fields, 'types', () => parseStringList(value)),
  'Filament weight': (value, fields) =>
    setOnce(fields, 'gramsList', () => parseNumberList(value.replace(/[[\]]/g, ''))),
});

/** `;EXTRUDER_TRAIN.0.NOZZLE.DIAMETER:0.4`, `;EXTRUDER_TRAIN.0.MATERIAL.VOLUME_USED:52` (mm³). */
const EXTRUDER_TRAIN: LinePattern = [
  /^;EXTRUDER_TRAIN\.(\d{1,2})\.(NOZZLE\.DIAMETER|MATERIAL\.VOLUME_USED):(.*)$/,
  ([, n, key, value], fields) =>
    setAt(
      fields,
      key === 'NOZZLE.DIAMETER' ? 'nozzlesMm' : 'volumesMm3',
      Number(n),
      parseNumber(value ?? ''),
    ),
];

const SETTING_PREFIX = ';SETTING_3 ';
const MAX_SETTINGS_CHARS = 256 * 1024;

export function createCuraReader(): FieldReader {
  const keyed = createKeyedReader({
    separators: ':=',
    table: CURA_KEYS,
    patterns: [EXTRUDER_TRAIN],
  });
  let settings = '';
  return {
    readLine(line) {
      if (!line.startsWith(SETTING_PREFIX)) keyed.readLine(line);
      else if (settings.length < MAX_SETTINGS_CHARS) settings += line.slice(SETTING_PREFIX.length);
    },
    finish() {
      const fields = keyed.finish();
      readSettingsTrailer(settings, fields);
      return fields;
    },
  };
}

/**
 * The `;SETTING_3` trailer: chunks of an escaped JSON string whose values are INI texts of the
 * settings the user changed, so a layer height may be there when the header lacks one.
 */
function readSettingsTrailer(escaped: string, fields: RawFields): void {
  if (escaped === '') return;
  const json = escaped.replace(/\\([\\nr])/g, (_, char: string) =>
    char === 'n' ? '\n' : char === 'r' ? '\r' : '\\',
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return;
  }
  if (typeof parsed !== 'object' || parsed === null) return;
  const { global_quality: global, extruder_quality: extruders } = parsed as Record<string, unknown>;
  const texts = [global, ...(Array.isArray(extruders) ? extruders : [])];
  for (const text of texts.filter((item): item is string => typeof item === 'string')) {
    setOnce(fields, 'layerHeightMm', () => findIniNumber(text, 'layer_height'));
    setOnce(fields, 'nozzlesMm', () => toList(findIniNumber(text, 'machine_nozzle_size')));
    setOnce(fields, 'diametersMm', () => toList(findIniNumber(text, 'material_diameter')));
  }
}

function findIniNumber(text: string, key: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${key} =`));
  return line === undefined ? undefined : parseNumber(line.slice(key.length + 2));
}
