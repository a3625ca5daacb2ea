/** A G-code line split into its command, its letter words and its KEY=value parameters. */
export interface GcodeLine {
  raw: string;
  /** Upper-cased: "G1", "M104", "T0", "SET_HEATER_TEMPERATURE", "START_PRINT". */
  command: string;
  /** Classic words: "G1 X10 E-2" gives { X: 10, E: -2 }. */
  words: Record<string, number>;
  /** Extended parameters: 'SDCARD_PRINT_FILE FILENAME="a b.gcode"' gives { FILENAME: "a b.gcode" }. */
  params: Record<string, string>;
  /** The text after the command, as typed (M117 and M118 print it). */
  rest: string;
}

/** A command the firmware refused; the message is what the firmware says. */
export class GcodeError extends Error {
  override readonly name = 'GcodeError';
}

/** Lines longer than this are refused rather than parsed. */
export const MAX_LINE_LENGTH = 4096;

const CLASSIC = /^([GMT])(\d+(?:\.\d+)?)$/;

export function parseGcodeLine(raw: string): GcodeLine | null {
  if (raw.length > MAX_LINE_LENGTH) throw new GcodeError('Line too long');
  const text = stripComment(raw).trim();
  if (text === '') return null;
  const head = /^\S+/.exec(text)?.[0] ?? '';
  const rest = text.slice(head.length).trim();
  const upper = head.toUpperCase();
  const classic = CLASSIC.exec(upper) ?? CLASSIC.exec(upper.slice(0, splitAt(upper)));
  if (classic) {
    const command = `${classic[1]}${Number(classic[2])}`;
    const after = `${upper.slice(classic[0].length)} ${rest}`.trim();
    return { raw, command, words: parseWords(after), params: {}, rest };
  }
  return { raw, command: upper, words: {}, params: parseParams(rest), rest };
}

/** "G1X10" has no space; the command ends where the first other letter starts. */
function splitAt(upper: string): number {
  const match = /^[GMT]\d+(?:\.\d+)?/.exec(upper);
  return match ? match[0].length : upper.length;
}

function stripComment(raw: string): string {
  const at = raw.indexOf(';');
  return at === -1 ? raw : raw.slice(0, at);
}

function parseWords(text: string): Record<string, number> {
  const words: Record<string, number> = {};
  for (const match of text.toUpperCase().matchAll(/([A-Z])\s*([-+]?\d*\.?\d+)?/g)) {
    const letter = match[1] as string;
    const value = match[2] === undefined ? NaN : Number(match[2]);
    words[letter] = value;
  }
  return words;
}

function parseParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of text.matchAll(/(?<!\w)\d*([A-Za-z_]\w*)=("([^"]*)"|'([^']*)'|\S*)/g)) {
    const key = (match[1] as string).toUpperCase();
    params[key] = match[3] ?? match[4] ?? (match[2] as string);
  }
  return params;
}

/** A number parameter of an extended command, or the fallback; GcodeError when malformed. */
export function numberParam(line: GcodeLine, key: string, fallback?: number): number {
  const text = line.params[key];
  if (text === undefined) {
    if (fallback === undefined)
      throw new GcodeError(`Error on '${line.raw.trim()}': missing ${key}`);
    return fallback;
  }
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) {
    throw new GcodeError(`Error on '${line.raw.trim()}': unable to parse ${text}`);
  }
  return value;
}

/** A letter word that must hold a number when present (NaN means "given without a value"). */
export function wordValue(line: GcodeLine, letter: string): number | undefined {
  const value = line.words[letter];
  return value === undefined || Number.isNaN(value) ? undefined : value;
}
