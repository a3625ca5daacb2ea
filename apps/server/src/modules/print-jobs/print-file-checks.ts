import {
  canDriverPrintFormat,
  describeFormatRefusal,
  type DeviceDriver,
  type PrintFileFormat,
} from '@printdeck/shared';
import { AppError, fieldError } from '../../http/app-error.js';

interface PrintableFile {
  format: PrintFileFormat;
  /** a `.gcode.3mf`'s plates, a JSON array; null for other formats */
  plates: string | null;
}

/**
 * Refuses a file the printer's kind cannot print (409 with the reason: a `.gcode.3mf` on an
 * OctoPrint, Klipper or PrusaLink printer; a `.bgcode` on a Bambu Lab) and a plate the file does
 * not hold (400 naming `plate`). Answers the plate to start: the asked one, else the first.
 */
export function requirePrintableOn(
  driver: DeviceDriver | null,
  file: PrintableFile,
  plate: number | undefined,
): number | undefined {
  if (!canDriverPrintFormat(driver, file.format)) {
    throw new AppError('conflict', describeFormatRefusal(file.format));
  }
  if (file.format !== 'gcode.3mf') {
    if (plate !== undefined && plate !== 1) {
      throw fieldError('plate', 'Only a .gcode.3mf file has plates.');
    }
    return undefined;
  }
  const plates = file.plates ? (JSON.parse(file.plates) as number[]) : [1];
  if (plate === undefined) return plates[0];
  if (!plates.includes(plate)) {
    throw fieldError('plate', `The file holds plates ${plates.join(', ')}, not ${plate}.`);
  }
  return plate;
}
