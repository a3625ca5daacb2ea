import { afterEach, describe, expect, it } from 'vitest';
import { setNumberLocale } from './number-locale';
import {
  formatFileSize,
  formatGrams,
  formatLength,
  formatMillimetres,
  formatPrintTime,
} from './format-units';

describe('formatFileSize', () => {
  it('goes from bytes to terabytes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1000)).toBe('1000 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200.0 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2.0 TB');
    expect(formatFileSize(5 * 1024 ** 5)).toBe('5120.0 TB');
  });

  it('shows a dash for what is unknown', () => {
    expect(formatFileSize(null)).toBe('–');
    expect(formatFileSize(Number.NaN)).toBe('–');
    expect(formatFileSize(-1)).toBe('–');
  });
});

describe('formatPrintTime', () => {
  it('reads hours, minutes and seconds', () => {
    expect(formatPrintTime(3725)).toBe('1 h 02 min 05 s');
    expect(formatPrintTime(221)).toBe('3 min 41 s');
    expect(formatPrintTime(7.4)).toBe('7 s');
    expect(formatPrintTime(0)).toBe('0 s');
    expect(formatPrintTime(null)).toBe('–');
  });
});

describe('formatLength', () => {
  it('picks m, cm or mm', () => {
    expect(formatLength(1234.56)).toBe('1.23 m');
    expect(formatLength(252.22)).toBe('25.2 cm');
    expect(formatLength(10)).toBe('1.0 cm');
    expect(formatLength(4.25)).toBe('4.25 mm');
    expect(formatLength(undefined)).toBe('–');
  });
});

describe('formatGrams and formatMillimetres', () => {
  it('rounds grams and keeps small measures as given', () => {
    expect(formatGrams(3.7)).toBe('4 g');
    expect(formatGrams(0.4)).toBe('0 g');
    expect(formatGrams(null)).toBe('–');
    expect(formatMillimetres(0.2)).toBe('0.2 mm');
    expect(formatMillimetres(0.15000001)).toBe('0.15 mm');
    expect(formatMillimetres(null)).toBe('–');
  });
});

describe('numbers in Czech', () => {
  afterEach(() => setNumberLocale('en'));

  it('use the decimal comma for sizes and lengths', () => {
    setNumberLocale('cs');
    expect(formatLength(4321)).toBe('4,32 m');
    expect(formatLength(25.4)).toBe('2,5 cm');
    expect(formatMillimetres(0.2)).toBe('0,2 mm');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    setNumberLocale('en');
    expect(formatLength(4321)).toBe('4.32 m');
  });
});
