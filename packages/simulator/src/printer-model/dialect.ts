import type { GcodeLine } from './gcode-parse.js';
import type { MoveRules } from './toolhead.js';

export type Firmware = 'marlin' | 'klipper';

/** Where Marlin (behind OctoPrint) and Klipper answer the same G-code differently. */
export interface Dialect {
  firmware: Firmware;
  moves: MoveRules;
  /** Klipper refuses to extrude cold; Marlin skips the E part and says so. */
  coldExtrusion: 'error' | 'skip';
  /** Klipper refuses an out-of-range target; Marlin clamps it. */
  rejectsBadTarget: boolean;
  unknownCommand(line: GcodeLine): string;
  temperatureReport(tool: Reading, bed: Reading): string;
}

interface Reading {
  temperature: number;
  target: number;
}

export const MIN_EXTRUDE_TEMP = 170;

export const COLD_EXTRUDE_MESSAGE =
  "Extrude below minimum temp\nSee the 'min_extrude_temp' config option for details";

export const MARLIN: Dialect = {
  firmware: 'marlin',
  moves: { requireHoming: false, rejectOutOfRange: false },
  coldExtrusion: 'skip',
  rejectsBadTarget: false,
  unknownCommand: (line) => `echo:Unknown command: "${line.raw.trim()}"`,
  temperatureReport: (tool, bed) =>
    `ok T:${tool.temperature.toFixed(2)} /${tool.target.toFixed(2)} B:${bed.temperature.toFixed(2)} /${bed.target.toFixed(2)}`,
};

export const KLIPPER: Dialect = {
  firmware: 'klipper',
  moves: { requireHoming: true, rejectOutOfRange: true },
  coldExtrusion: 'error',
  rejectsBadTarget: true,
  unknownCommand: (line) => `// Unknown command:"${line.command}"`,
  temperatureReport: (tool, bed) =>
    `ok T:${tool.temperature.toFixed(1)} /${tool.target.toFixed(1)} B:${bed.temperature.toFixed(1)} /${bed.target.toFixed(1)}`,
};

export function dialectFor(firmware: Firmware): Dialect {
  return firmware === 'klipper' ? KLIPPER : MARLIN;
}
