import { describe, expect, it } from 'vitest';
import { findLoadedFilamentProblem, isFilamentWrongFor } from './filament-check.js';

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
  const petg = { material: 'PETG' as const, remaining_weight_g: 300 };
  const tpu = { material: 'TPU' as const, remaining_weight_g: 900 };
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
