import { describe, expect, it } from 'vitest';
import { formatHeaters, isHeatingUp } from './printer-view';

const warm = { actual: 214.6, target: 215 };
const cold = { actual: 150.2, target: 215 };

describe('a print that is still heating (issue 24)', () => {
  it('reads as heating at 0 % while a heater is short of its target', () => {
    expect(isHeatingUp('PRINTING', 0, [cold, { actual: 60, target: 60 }])).toBe(true);
    expect(isHeatingUp('PRINTING', 0, [warm, { actual: 40, target: 60 }])).toBe(true);
  });

  it('reads as printing once it moves, or when the heaters are there or off', () => {
    expect(isHeatingUp('PRINTING', 0.4, [cold, null])).toBe(false);
    expect(isHeatingUp('PRINTING', 0, [warm, { actual: 59, target: 60 }])).toBe(false);
    expect(isHeatingUp('PRINTING', 0, [{ actual: 25, target: 0 }, null])).toBe(false);
    expect(isHeatingUp('PAUSED', 0, [cold, null])).toBe(false);
  });

  it('names the heaters with a target and their temperatures', () => {
    expect(
      formatHeaters(
        { tool0: cold, bed: { actual: 44.9, target: 60 } },
        { tool0: 'nozzle', bed: 'bed' },
      ),
    ).toBe('nozzle 150/215 °C, bed 45/60 °C');
    expect(
      formatHeaters({ tool0: cold, bed: { actual: 25, target: 0 } }, { tool0: 'n', bed: 'b' }),
    ).toBe('n 150/215 °C');
  });
});
