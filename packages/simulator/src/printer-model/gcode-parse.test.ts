import { describe, expect, it } from 'vitest';
import { GcodeError, numberParam, parseGcodeLine } from './gcode-parse.js';

describe('parseGcodeLine', () => {
  it('reads classic commands and their words', () => {
    expect(parseGcodeLine('g1 X10 y-2.5 E.4 F3000 ; move')).toMatchObject({
      command: 'G1',
      words: { X: 10, Y: -2.5, E: 0.4, F: 3000 },
    });
    expect(parseGcodeLine('G1X5Y6')).toMatchObject({ command: 'G1', words: { X: 5, Y: 6 } });
    expect(parseGcodeLine('G28 X Y')?.words).toEqual({ X: Number.NaN, Y: Number.NaN });
  });

  it('reads extended commands with quoted parameters', () => {
    const line = parseGcodeLine('SDCARD_PRINT_FILE FILENAME="my part.gcode"');
    expect(line).toMatchObject({
      command: 'SDCARD_PRINT_FILE',
      params: { FILENAME: 'my part.gcode' },
    });
    expect(parseGcodeLine('set_heater_temperature heater=extruder target=200')?.params).toEqual({
      HEATER: 'extruder',
      TARGET: '200',
    });
  });

  it('keeps the text after M117', () => {
    expect(parseGcodeLine('M117 Hello world')?.rest).toBe('Hello world');
  });

  it('skips blank lines and comments', () => {
    expect(parseGcodeLine('   ')).toBeNull();
    expect(parseGcodeLine('; only a comment')).toBeNull();
  });

  it('refuses overlong lines and malformed numbers', () => {
    expect(() => parseGcodeLine(`M117 ${'x'.repeat(5000)}`)).toThrow(GcodeError);
    const line = parseGcodeLine('SET_HEATER_TEMPERATURE HEATER=extruder TARGET=hot');
    expect(() => numberParam(line!, 'TARGET')).toThrow(/unable to parse/);
  });
});

describe('extended parameters on adversarial lines (checklist C25)', () => {
  it('finds no parameter in a long word without = and reads one after digits', () => {
    expect(parseGcodeLine(`SET_X ${'a'.repeat(4000)}`)?.params).toEqual({});
    expect(parseGcodeLine('SET_X 9abc=1')?.params).toEqual({ ABC: '1' });
  });
});
