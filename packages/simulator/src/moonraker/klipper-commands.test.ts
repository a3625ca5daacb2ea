import { describe, expect, it } from 'vitest';
import { expandMacro } from './klipper-commands.js';

describe('expandMacro', () => {
  it('fills in parameters and their defaults', () => {
    const gcode = 'M140 S{params.BED|default(60)}\nM104 S{ params.EXTRUDER | default("215") }';
    expect(expandMacro(gcode, { BED: '70' })).toBe('M140 S70\nM104 S215');
  });

  it('leaves an unknown parameter without default empty', () => {
    expect(expandMacro('M117 {params.TEXT}', {})).toBe('M117 ');
  });
});
