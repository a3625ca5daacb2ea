import type { ServerResponse } from 'node:http';
import { sendJsonText } from '../http/respond.js';

/**
 * JSON as OctoPrint's Python writes it where JavaScript's would differ: a Python float is
 * written `0.0` or `215.0`, never `0`. Temperatures are floats (src/octoprint/util/comm.py
 * `parse_temperature_line` reads them with `float()`; seen on 1.11.8: `"target": 0.0`,
 * reference A.3.3), so every number under `actual`/`target` is one; other fields are floats
 * only in some states (`completion` is `progress * 100` while printing, `int(1.0 * 100)` once
 * done) and are wrapped in `PythonFloat` where they are built. `JSON.rawJSON` would write them,
 * but Node 20 has none; the numbers are marked and written after the rest.
 */
const FLOAT_KEYS = new Set(['actual', 'target']);
const MARK = '\u0001float:';
const MARKED = /"\\u0001float:(-?\d+)"/g;

/** A number OctoPrint holds as a Python float; plain `JSON.stringify` writes it as a number. */
export class PythonFloat {
  constructor(readonly value: number) {}

  toJSON(): number {
    return this.value;
  }
}

/** `value` as a Python float, or null (OctoPrint's None) as it is. */
export function pyFloat(value: number | null | undefined): PythonFloat | null {
  return value === null || value === undefined ? null : new PythonFloat(value);
}

export function pythonJson(value: unknown): string {
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, item: unknown) {
    // `this[key]` is the value before `toJSON`: the wrapper is still visible there
    const raw = this[key];
    const number = raw instanceof PythonFloat ? raw.value : FLOAT_KEYS.has(key) ? item : null;
    return typeof number === 'number' && Number.isInteger(number) ? `${MARK}${number}` : item;
  });
  return text.replace(MARKED, '$1.0');
}

/** A JSON answer written as OctoPrint's Python writes it. */
export function sendPythonJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, pythonJson(body), headers);
}
