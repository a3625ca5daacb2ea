import { afterEach, describe, expect, it } from 'vitest';
import { setNumberLocale } from '../../../lib/number-locale';
import { formatProgress, formatTemperature } from './printer-state-display';

describe('temperatures and progress in Czech', () => {
  afterEach(() => setNumberLocale('en'));

  it('use the decimal comma', () => {
    setNumberLocale('cs');
    expect(formatTemperature({ actual: 209.95, target: 210 })).toBe('210,0/210,0 °C');
    expect(formatProgress(42.5, 'detail')).toBe('42,50 %');
    setNumberLocale('en');
    expect(formatTemperature({ actual: 209.95, target: 210 })).toBe('210.0/210.0 °C');
  });
});
