import { describe, expect, it } from 'vitest';
import {
  joinWaveSpools,
  matchWaveItems,
  type WaveItem,
  type WavePrinter,
} from './queue-wave-match.js';

const spool = (material: 'PLA' | 'PETG', remaining = 1000, color = '#000000') => ({
  material,
  remaining_weight_g: remaining,
  color_hex: color,
});
const printer = (id: number, loaded: WavePrinter['loaded'], filament: string | null = null) => ({
  id,
  filament_type: filament,
  loaded,
});
const item = (id: number, file: string | null, extra: Partial<WaveItem> = {}): WaveItem => ({
  id,
  required_material: null,
  required_color_hex: null,
  file_filament_type: file,
  file_filament_used_g: 10,
  ...extra,
});

describe('matchWaveItems', () => {
  it('gives each item in queue order to the first free printer that may take it', () => {
    const printers = [
      printer(1, [spool('PLA')]),
      printer(2, [spool('PETG')]),
      printer(3, [spool('PLA')]),
    ];
    const matched = matchWaveItems(printers, [item(10, 'PETG'), item(11, 'PLA'), item(12, 'PLA')]);
    expect([...matched].map(([printerId, taken]) => [printerId, taken.id])).toEqual([
      [2, 10],
      [1, 11],
      [3, 12],
    ]);
  });

  it('never gives one item to two printers nor two items to one printer', () => {
    const printers = [printer(1, [spool('PLA')]), printer(2, [spool('PLA')])];
    const matched = matchWaveItems(printers, [item(10, 'PLA'), item(11, 'PLA'), item(12, 'PLA')]);
    expect(matched.size).toBe(2);
    expect(new Set([...matched.values()].map((taken) => taken.id)).size).toBe(2);
  });

  it('leaves an item no printer may take: too little left, wrong filament type, required colour', () => {
    const printers = [printer(1, [spool('PLA', 5)]), printer(2, [], 'PETG')];
    const items = [
      item(10, 'PLA'), // 10 g, 5 g left
      item(11, 'PLA'), // printer 2 is set to PETG
      item(12, null, { required_material: 'PLA', required_color_hex: '#ff0000' }),
      item(13, 'PETG', { file_filament_used_g: null }),
    ];
    const matched = matchWaveItems(printers, items);
    expect([...matched].map(([printerId, taken]) => [printerId, taken.id])).toEqual([[2, 13]]);
  });
});

describe('joinWaveSpools', () => {
  it('keeps each material and colour once, with the most left of any printer', () => {
    const joined = joinWaveSpools([
      printer(1, [spool('PLA', 5), spool('PETG', 300)]),
      printer(2, [spool('PLA', 700)]),
      printer(3, [spool('PLA', 50, '#ffffff')]),
    ]);
    expect(joined).toEqual([spool('PLA', 700), spool('PETG', 300), spool('PLA', 50, '#ffffff')]);
  });
});
