import type { TemperatureSample } from '@printdeck/shared';
import { formatClock, formatTime } from '../../../lib/format-date';

/** One point of the graph; the keys are the chart's series names. */
export interface TemperatureChartRow {
  /** ms since epoch */
  time: number;
  nozzle: number | null;
  nozzleTarget: number | null;
  bed: number | null;
  bedTarget: number | null;
}

export function toTemperatureChartRows(
  samples: readonly TemperatureSample[],
): TemperatureChartRow[] {
  return samples.map((sample) => ({
    time: Date.parse(sample.time),
    nozzle: sample.nozzle_actual,
    nozzleTarget: sample.nozzle_target,
    bed: sample.bed_actual,
    bedTarget: sample.bed_target,
  }));
}

/** HH:mm on the axis, HH:mm:ss in the tooltip (spec part 2 §9, both languages). */
export function formatChartTime(ms: number, withSeconds = false): string {
  return withSeconds ? formatTime(ms) : formatClock(ms);
}

/** °C with one decimal in the user's language: "215.0 °C", "215,0 °C". */
export function formatChartTemperature(value: number, language: string): string {
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
  return `${number} °C`;
}
