import { describe, expect, it } from 'vitest';
import {
  formatChartTemperature,
  formatChartTime,
  toTemperatureChartRows,
} from './temperature-chart';

describe('temperature chart', () => {
  it('turns samples into rows keyed by series, keeping gaps as null', () => {
    expect(
      toTemperatureChartRows([
        {
          time: '2026-01-01T12:00:00.000Z',
          nozzle_actual: 21.5,
          nozzle_target: 215,
          bed_actual: null,
          bed_target: null,
        },
      ]),
    ).toEqual([
      {
        time: Date.UTC(2026, 0, 1, 12),
        nozzle: 21.5,
        nozzleTarget: 215,
        bed: null,
        bedTarget: null,
      },
    ]);
  });

  it('formats temperatures and times per language', () => {
    expect(formatChartTemperature(215, 'en')).toBe('215.0 °C');
    expect(formatChartTemperature(59.94, 'cs')).toBe('59,9 °C');
    const noon = new Date(2026, 0, 1, 14, 5).getTime();
    // times as spec part 2 §9 writes them, in both languages
    expect(formatChartTime(noon)).toBe('14:05');
    expect(formatChartTime(noon + 7000, true)).toBe('14:05:07');
  });
});
