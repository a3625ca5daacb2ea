import { describe, expect, it } from 'vitest';
import {
  findColorDistance,
  findColorFamily,
  findLoadedFilamentProblem,
  isColorMatch,
  isFilamentWrongFor,
} from './filament-check.js';

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

describe('findLoadedFilamentProblem', () => {
  const petg = { material: 'PETG' as const, remaining_weight_g: 300, color_hex: '#111111' };
  const tpu = { material: 'TPU' as const, remaining_weight_g: 900, color_hex: '#ff0000' };
  it('leaves a printer with nothing loaded to its filament type', () => {
    expect(findLoadedFilamentProblem([], { filament_type: 'PLA', filament_used_g: 5000 })).toBe(
      null,
    );
  });
  it('takes a file whose material one loaded spool holds, with enough left', () => {
    const file = { filament_type: 'PETG' as const, filament_used_g: 250 };
    expect(findLoadedFilamentProblem([tpu, petg], file)).toBe(null);
    expect(findLoadedFilamentProblem([tpu], { filament_type: 'FLEX', filament_used_g: 1 })).toBe(
      null,
    );
  });
  it('refuses another material, and a spool with less left than the estimate', () => {
    expect(findLoadedFilamentProblem([petg], { filament_type: 'PLA', filament_used_g: 1 })).toBe(
      'wrong_material',
    );
    expect(findLoadedFilamentProblem([petg], { filament_type: 'PETG', filament_used_g: 301 })).toBe(
      'not_enough_left',
    );
  });
  it('a file that names no material takes any loaded spool with enough left', () => {
    expect(findLoadedFilamentProblem([petg], { filament_type: null, filament_used_g: null })).toBe(
      null,
    );
    expect(findLoadedFilamentProblem([petg], { filament_type: null, filament_used_g: 400 })).toBe(
      'not_enough_left',
    );
  });
});

describe('colour match (CIE76 ΔE*ab ≤ 10)', () => {
  it('takes the same hex, and two blacks of different brands, as one colour', () => {
    expect(findColorDistance('#111111', '#111111')).toBe(0);
    expect(isColorMatch('#111111', '#1A1A1A')).toBe(true);
    expect(findColorDistance('#111111', '#1a1a1a')).toBeLessThan(5);
  });
  it('keeps black apart from dark grey, red from orange, white from cream', () => {
    expect(isColorMatch('#111111', '#404040')).toBe(false);
    expect(isColorMatch('#ff0000', '#ff8000')).toBe(false);
    expect(isColorMatch('#ffffff', '#f3e5ab')).toBe(false);
    // reference: pure red to pure green is about 170 in CIE76
    expect(findColorDistance('#ff0000', '#00ff00')).toBeCloseTo(170.6, 0);
  });
});

describe('findColorFamily', () => {
  it('names a spool colour the way a person says it', () => {
    expect(findColorFamily('#111111')).toBe('black');
    expect(findColorFamily('#fafafa')).toBe('white');
    expect(findColorFamily('#ff0000')).toBe('red');
    expect(findColorFamily('#0047ab')).toBe('blue');
    expect(findColorFamily('#ff8c00')).toBe('orange');
  });
});

describe('findLoadedFilamentProblem with a queue item requirement', () => {
  const black = { material: 'PETG' as const, remaining_weight_g: 300, color_hex: '#111111' };
  const white = { material: 'PETG' as const, remaining_weight_g: 300, color_hex: '#fafafa' };
  const file = { filament_type: 'PETG' as const, filament_used_g: 100 };
  it('takes a loaded spool of the material and a matching colour', () => {
    expect(
      findLoadedFilamentProblem([white, black], file, { material: 'PETG', color_hex: '#1a1a1a' }),
    ).toBe(null);
    expect(findLoadedFilamentProblem([white], file, { material: 'PETG', color_hex: null })).toBe(
      null,
    );
  });
  it('refuses another colour, and a printer with nothing loaded', () => {
    expect(
      findLoadedFilamentProblem([white], file, { material: 'PETG', color_hex: '#111111' }),
    ).toBe('required_not_loaded');
    expect(findLoadedFilamentProblem([], file, { material: null, color_hex: '#111111' })).toBe(
      'required_not_loaded',
    );
  });
  it('"any" (both null) is no requirement at all', () => {
    expect(findLoadedFilamentProblem([], file, { material: null, color_hex: null })).toBe(null);
  });
  it('the matching spool must hold enough', () => {
    const low = { ...black, remaining_weight_g: 50 };
    expect(
      findLoadedFilamentProblem([low, white], file, { material: 'PETG', color_hex: '#111111' }),
    ).toBe('not_enough_left');
  });
});
