import type { DeviceDriver } from './device-state.schema.js';

/** The print file formats the library keeps. */
export const PRINT_FILE_FORMATS = ['gcode', 'bgcode', 'gcode.3mf'] as const;
export type PrintFileFormat = (typeof PRINT_FILE_FORMATS)[number];

/**
 * Which printer kinds can print which format (issue 25). A `.gcode.3mf` is a Bambu Studio /
 * OrcaSlicer project whose plate G-code is written for a Bambu Lab printer (its AMS and
 * calibration macros, M620/M621, its start G-code): only a Bambu printer takes it, as a
 * project (`print.project_file`). Its G-code is not extracted for other printers on purpose:
 * it would run another machine's start sequence. A Bambu printer takes no `.bgcode`
 * (Prusa's binary G-code).
 */
const REFUSED: Record<DeviceDriver, readonly PrintFileFormat[]> = {
  octoprint: ['gcode.3mf'],
  moonraker: ['gcode.3mf'],
  pill: ['gcode.3mf'],
  prusalink: ['gcode.3mf'],
  bambu: ['bgcode'],
};

/** True when a printer of that kind can print the format; an unknown kind takes plain G-code only. */
export function canDriverPrintFormat(
  driver: DeviceDriver | string | null | undefined,
  format: PrintFileFormat,
): boolean {
  const refused = driver && driver in REFUSED ? REFUSED[driver as DeviceDriver] : null;
  if (!refused) return format === 'gcode';
  return !refused.includes(format);
}

/** The user's reason a printer refuses a format, in English (the server's error message). */
export function describeFormatRefusal(format: PrintFileFormat): string {
  return format === 'gcode.3mf'
    ? 'A .gcode.3mf file is sliced for a Bambu Lab printer; only a Bambu Lab printer can print it.'
    : format === 'bgcode'
      ? 'A Bambu Lab printer cannot print .bgcode (Prusa binary G-code); slice it for this printer.'
      : 'This printer cannot print this file.';
}
