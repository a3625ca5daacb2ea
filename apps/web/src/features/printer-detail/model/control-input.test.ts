import { describe, expect, it } from 'vitest';
import {
  getColdNozzleTemperature,
  DEFAULT_MATERIAL_LENGTH,
  DEFAULT_TEMPERATURE,
  getConsoleCommands,
  getExtrudeAmount,
  getMoveBody,
  isHeaterOffMidPrint,
  splitCommands,
  toNumber,
  type MaterialAction,
} from './control-input';

describe('controls', () => {
  it('moves 10 mm per press, relative', () => {
    expect(getMoveBody('x', 1)).toEqual({ absolute: false, x: 10 });
    expect(getMoveBody('z', -1)).toEqual({ absolute: false, z: -10 });
  });

  it('has the default length 5 and default temperature 0', () => {
    expect(DEFAULT_MATERIAL_LENGTH).toBe(5);
    expect(DEFAULT_TEMPERATURE).toBe(0);
  });

  it('sends extrude as a positive and retract as a negative amount', () => {
    expect(getExtrudeAmount('extrude', 5)).toBe(5);
    expect(getExtrudeAmount('retract', 5)).toBe(-5);
  });

  it('raises an error for an invalid material action or length', () => {
    expect(() => getExtrudeAmount('spit' as MaterialAction, 5)).toThrow(/Invalid material action/);
    expect(() => getExtrudeAmount('extrude', 0)).toThrow(/Invalid material length/);
    expect(() => getExtrudeAmount('extrude', Number.NaN)).toThrow();
  });

  it('splits command text on lines and drops empty ones', () => {
    expect(splitCommands('G28\r\n\n  M105  \n\n')).toEqual(['G28', 'M105']);
    expect(splitCommands(' \n \n')).toEqual([]);
  });

  it('reads numeric fields', () => {
    expect(toNumber('215')).toBe(215);
    expect(toNumber('60,5')).toBe(60.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber('hot')).toBeNull();
    expect(toNumber(40)).toBe(40);
  });

  it('ignores an empty console command and any while a send is in progress', () => {
    expect(getConsoleCommands('  ', false)).toBeNull();
    expect(getConsoleCommands('G28', true)).toBeNull();
    expect(getConsoleCommands('G28\nM105', false)).toEqual(['G28', 'M105']);
  });
});

describe('isHeaterOffMidPrint', () => {
  it('asks before switching off a heater that is on while a job runs', () => {
    expect(isHeaterOffMidPrint({ printerState: 'PRINTING' }, 215, 0)).toBe(true);
    expect(isHeaterOffMidPrint({ printerState: 'PAUSED' }, 60, 0)).toBe(true);
  });

  it('does not ask for a new temperature, a heater already off, or an idle printer', () => {
    expect(isHeaterOffMidPrint({ printerState: 'PRINTING' }, 215, 220)).toBe(false);
    expect(isHeaterOffMidPrint({ printerState: 'PRINTING' }, 0, 0)).toBe(false);
    expect(isHeaterOffMidPrint({ printerState: 'READY_TO_PRINT' }, 215, 0)).toBe(false);
  });
});

describe('getColdNozzleTemperature', () => {
  it('names a nozzle below 170 °C, rounded, and says nothing of a warm or unknown one', () => {
    expect(getColdNozzleTemperature(24.6)).toBe(25);
    expect(getColdNozzleTemperature(169.4)).toBe(169);
    expect(getColdNozzleTemperature(170)).toBeNull();
    expect(getColdNozzleTemperature(null)).toBeNull();
  });
});
