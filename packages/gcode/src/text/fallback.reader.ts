import { parseNumber } from '../fields/parse-values.js';
import type { FieldReader, RawFields } from '../fields/raw-fields.js';

const START_REMAINING = /^M73 P0 R(\d+)/;
const TIME_ELAPSED = /^;TIME_ELAPSED:(\d+(?:\.\d+)?)/;
const HEIGHT = /^;\s?(?:HEIGHT|LAYER_HEIGHT):\s*([\d.]+)/;
const LAYER_MARKER = /^;(?:LAYER_CHANGE|LAYER:\d|\s?CHANGE_LAYER)/;
const CURA_LAYER = /^;LAYER:([01])$/;

/**
 * What any G-code may carry whatever its slicer (reference §3.11); used for fields the slicer's
 * own reader left empty, and on the first G-code block of a .bgcode.
 */
export function createFallbackReader(): FieldReader {
  let remainingMin: number | undefined;
  let lastElapsed: number | undefined;
  let firstHeight: number | undefined;
  let laterHeight: number | undefined;
  let layerMarkers = 0;
  let curaLayer: number | undefined;
  const layerZ: number[] = [];
  return {
    readLine(line) {
      if (line.startsWith('M73')) {
        remainingMin ??= parseNumber(START_REMAINING.exec(line)?.[1] ?? '');
      } else if (line.startsWith('G0 ') || line.startsWith('G1 ')) {
        if (curaLayer !== undefined && layerZ[curaLayer] === undefined) {
          const z = readZ(line);
          if (z !== undefined) layerZ[curaLayer] = z;
        }
      } else if (line.startsWith(';')) {
        const elapsed = TIME_ELAPSED.exec(line);
        if (elapsed) lastElapsed = Number(elapsed[1]);
        if (LAYER_MARKER.test(line)) layerMarkers += 1;
        const layer = CURA_LAYER.exec(line);
        if (layer) curaLayer = Number(layer[1]);
        const height = HEIGHT.exec(line);
        if (height) {
          // The first layer is often thicker; from the second layer on it is the layer height.
          firstHeight ??= parseNumber(height[1] ?? '');
          if (layerMarkers >= 2) laterHeight ??= parseNumber(height[1] ?? '');
        }
      }
    },
    finish() {
      const fields: RawFields = {};
      const zStep = (layerZ[1] ?? Number.NaN) - (layerZ[0] ?? Number.NaN);
      const layerHeight = laterHeight ?? firstHeight ?? (zStep > 0 ? zStep : undefined);
      const timeSec = remainingMin === undefined ? lastElapsed : remainingMin * 60;
      if (timeSec !== undefined) fields.timeSec = timeSec;
      if (layerHeight !== undefined) fields.layerHeightMm = layerHeight;
      return fields;
    },
  };
}

/** The Z word of a move (`G0 F9000 X10 Y10 Z0.3`), if any. */
function readZ(line: string): number | undefined {
  const at = line.indexOf(' Z');
  return at < 0 ? undefined : parseNumber(line.slice(at + 2));
}
