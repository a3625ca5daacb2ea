import { describe, expect, it } from 'vitest';
import { getPrintFileName } from './print-file-name.js';

describe('getPrintFileName', () => {
  it('adds the format’s extension to a renamed file', () => {
    expect(getPrintFileName('Benchy final', 'gcode')).toBe('Benchy final.gcode');
    expect(getPrintFileName('Benchy final', 'bgcode')).toBe('Benchy final.bgcode');
  });

  it('keeps a name that has it, whatever its case', () => {
    expect(getPrintFileName('benchy.gcode', 'gcode')).toBe('benchy.gcode');
    expect(getPrintFileName('BENCHY.GCODE', 'gcode')).toBe('BENCHY.GCODE');
  });

  it('never sends a path, and stays within 255 characters with the extension', () => {
    expect(getPrintFileName('parts/left', 'gcode')).toBe('parts_left.gcode');
    const long = getPrintFileName('x'.repeat(300), 'bgcode');
    expect(long).toHaveLength(255);
    expect(long.endsWith('.bgcode')).toBe(true);
  });
});
