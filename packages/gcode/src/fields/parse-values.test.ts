import { describe, expect, it } from 'vitest';
import {
  parseDuration,
  parseNumber,
  parseNumberList,
  parseNumbersWithUnit,
  parseStringList,
} from './parse-values.js';

describe('parseDuration', () => {
  it.each([
    ['1d 2h 3m 4s', 93_784],
    ['1h 5m 41s', 3941],
    ['32m 6s', 1926],
    ['20s', 20],
    ['1h 0m 5s', 3605],
    ['1d 0h 0m 5s', 86_405],
    ['1h  2m 3s', 3723], // klipper_estimator may add spaces
    ['0 hours 31 minutes', 1860], // Simplify3D 4
    ['1 hours 2 minutes 3 sec', 3723], // Simplify3D 5 after klipper_estimator
    ['40m:36s', 2436], // DSF test data
    ['1h:20m:36s', 4836],
    ['1004', 1004], // bare seconds
    ['12.5 minutes', 750],
  ])('%s is %i s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it('gives undefined for text without a duration', () => {
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('')).toBeUndefined();
  });
});

describe('parseNumber', () => {
  it('reads numbers without a leading zero, with units after them, and refuses junk', () => {
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber(' 0.2 ')).toBe(0.2);
    expect(parseNumber('0.45mm')).toBe(0.45);
    expect(parseNumber('"1.75"')).toBe(1.75);
    expect(parseNumber('abc')).toBeUndefined();
    expect(parseNumber('1e999')).toBeUndefined();
  });
});

describe('lists', () => {
  it('splits on every list separator and keeps extruder positions', () => {
    expect(parseNumberList('986.61, 0')).toEqual([986.61, 0]);
    expect(parseNumberList('1.75|1.75')).toEqual([1.75, 1.75]);
    expect(parseNumberList('0.4,x')).toEqual([0.4, Number.NaN]);
    expect(parseStringList('"Prusament PLA";"Generic PETG"')).toEqual([
      'Prusament PLA',
      'Generic PETG',
    ]);
    expect(parseStringList('PLA;PETG')).toEqual(['PLA', 'PETG']);
    expect(parseStringList('  ')).toEqual([]);
  });

  it('picks numbers by unit without confusing m, mm and mm3', () => {
    expect(parseNumbersWithUnit('0.00829066m, 0m', 'm')).toEqual([0.00829066, 0]);
    expect(parseNumbersWithUnit('1234.5mm3', 'm')).toEqual([]);
    expect(parseNumbersWithUnit('1234.5mm3', 'mm3')).toEqual([1234.5]);
    expect(parseNumbersWithUnit('1482.1mm, 34.4mm (3.6cm3)', 'mm')).toEqual([1482.1, 34.4]);
  });
});

describe('number scans on adversarial text (checklist C25)', () => {
  it('finds nothing in 50,000 digits followed by a rejecting letter', () => {
    const digits = `${'1'.repeat(50_000)}x`;
    expect(parseDuration(digits)).toBeUndefined();
    expect(parseNumbersWithUnit(digits, 'mm')).toEqual([]);
    expect(parseNumbersWithUnit(`${'1'.repeat(50_000)}mmx, 2.5mm`, 'mm')).toEqual([2.5]);
    expect(parseNumbersWithUnit('1.2.3m, .5 m', 'm')).toEqual([2.3, 0.5]);
  });
});
