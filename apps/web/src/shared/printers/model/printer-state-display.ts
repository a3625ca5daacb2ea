import type { PrinterState } from '@printdeck/shared';
import { formatDecimal } from '../../../lib/number-locale';

/** Badge colour of each state (spec part 1 §4 "Printer state values"). */
export const PRINTER_STATE_COLORS: Record<PrinterState, string> = {
  STATE_UNKNOWN: 'gray',
  NOT_CONNECTED_TO_PROXY_SERVER: 'gray',
  READY_TO_PRINT: 'teal',
  OCTOPRINT_PERMISSION_DENIED: 'red',
  PRINTER_NOT_PAIRED: 'yellow',
  PRINTING: 'blue',
  PAUSED: 'red',
  CANCELLING: 'orange',
  ERROR: 'red',
  DOWNLOADING_PRINT_FILE: 'blue',
};

/** Temperatures read actual/target with one decimal; a missing reading is a dash. */
export function formatTemperature(
  reading: { actual: number | null; target: number | null } | null,
) {
  const format = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatDecimal(value, 1);
  return `${format(reading?.actual)}/${format(reading?.target)} °C`;
}

/** Progress: no decimals on cards, two on the detail (spec §9). */
export function formatProgress(completion: number, place: 'card' | 'detail'): string {
  return `${formatDecimal(completion, place === 'card' ? 0 : 2)} %`;
}
