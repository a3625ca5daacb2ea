/**
 * JSON as OctoPrint's Python writes it where JavaScript's would differ: temperatures are floats
 * in OctoPrint (src/octoprint/util/comm.py `parse_temperature_line` reads them with `float()`),
 * so Python's `json` writes a whole one as `0.0` or `215.0`, never `0` (seen on 1.11.8:
 * `"target": 0.0`, reference A.3.3). `JSON.rawJSON` would write it, but Node 20 has none; the
 * numbers under these keys are marked and written after the rest.
 */
const FLOAT_KEYS = new Set(['actual', 'target']);
const MARK = '\u0001float:';
const MARKED = /"\\u0001float:(-?\d+)"/g;

export function pythonJson(value: unknown): string {
  const text = JSON.stringify(value, (key, item: unknown) =>
    FLOAT_KEYS.has(key) && typeof item === 'number' && Number.isInteger(item)
      ? `${MARK}${item}`
      : item,
  );
  return text.replace(MARKED, '$1.0');
}
