import { describe, expect, it } from 'vitest';
import { computeCrossSectionMm2, findDensityForType, normalizeFilamentType } from './filament.js';

describe('normalizeFilamentType', () => {
  it.each([
    ['PLA', 'PLA'],
    ['pla', 'PLA'],
    ['PLA+', 'PLA'],
    ['PLA-CF', 'PLA'],
    ['PLA Silk', 'PLA'],
    ['PETG', 'PETG'],
    ['PET', 'PETG'],
    ['PCTG', 'PETG'],
    ['ASA', 'ASA'],
    ['ABS', 'ABS'],
    ['PC', 'PC'],
    ['TPU', 'FLEX'],
    ['TPU95A', 'FLEX'],
    ['FLEX', 'FLEX'],
    ['HIPS', 'HIPS'],
    ['PP', 'PP'],
    ['PA12-CF', 'OTHER'],
    ['PVA', 'OTHER'],
    ['constructor', 'OTHER'],
    ['', 'OTHER'],
  ] as const)('%s is %s', (raw, type) => {
    expect(normalizeFilamentType(raw)).toBe(type);
  });
});

describe('densities', () => {
  it('knows the typical densities and nothing for unknown materials', () => {
    expect(findDensityForType('PETG')).toBe(1.27);
    expect(findDensityForType('PA6-GF')).toBe(1.14);
    expect(findDensityForType('unobtainium')).toBeUndefined();
    expect(findDensityForType('__proto__')).toBeUndefined();
  });

  it('gives the reference cross-sections for 1.75 and 2.85 mm filament', () => {
    expect(computeCrossSectionMm2(1.75)).toBeCloseTo(2.4053, 4);
    expect(computeCrossSectionMm2(2.85)).toBeCloseTo(6.3794, 4);
  });
});
