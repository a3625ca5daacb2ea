import { describe, expect, it } from 'vitest';
import { isFilamentWrongFor } from './filament-check.js';

describe('isFilamentWrongFor', () => {
  it('takes any G-code on a printer without a filament type', () => {
    expect(isFilamentWrongFor(null, 'ABS')).toBe(false);
    expect(isFilamentWrongFor(null, null)).toBe(false);
  });
  it('takes only the loaded type on a printer with one set, also refusing a G-code of no type', () => {
    expect(isFilamentWrongFor('PETG', 'PETG')).toBe(false);
    expect(isFilamentWrongFor('PETG', 'ABS')).toBe(true);
    expect(isFilamentWrongFor('PETG', null)).toBe(true);
  });
});
