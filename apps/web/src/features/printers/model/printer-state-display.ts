import type { PrinterState } from '@printdeck/shared';

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
    value === null || value === undefined ? '–' : value.toFixed(1);
  return `${format(reading?.actual)}/${format(reading?.target)} °C`;
}

/** Progress: no decimals on cards, two on the detail (spec §9). */
export function formatProgress(completion: number, place: 'card' | 'detail'): string {
  return `${completion.toFixed(place === 'card' ? 0 : 2)} %`;
}

/** Print time as hours, minutes and seconds, e.g. 1 h 02 min 05 s. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '–';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${pad(m)} min ${pad(s)} s`;
  if (m > 0) return `${m} min ${pad(s)} s`;
  return `${s} s`;
}

/** File sizes from B to TB with one decimal above bytes. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '–';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
