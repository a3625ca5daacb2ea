import { describe, expect, it } from 'vitest';
import { GcodeTimeline } from './gcode-timeline.js';

describe('GcodeTimeline', () => {
  it('times a file by its moves at their feed rates and its dwells, not its estimate', () => {
    const file = Buffer.from(
      [
        ';TIME:600',
        'G28',
        'G90',
        'G1 X100 F6000', // 100 mm at 100 mm/s: 1 s
        'G4 P10000', // 10 s
        'G91',
        'G1 Y-30 F1800', // 30 mm at 30 mm/s: 1 s
        'M83',
        'G1 E60 F3600', // 60 mm at 60 mm/s: 1 s
        'G4 S38', // 38 s
        '',
      ].join('\n'),
    );
    const timeline = GcodeTimeline.read(file);
    expect(timeline.totalSeconds).toBeCloseTo(51, 6);
    const afterMove = file.indexOf('G4 P10000');
    expect(timeline.positionAt(0.5, file.length)).toBeLessThan(afterMove);
    // during the dwell the file waits at the dwell line
    expect(timeline.positionAt(5, file.length)).toBe(afterMove);
    expect(timeline.positionAt(10.9, file.length)).toBe(afterMove);
    expect(timeline.positionAt(51, file.length)).toBe(file.length);
  });
});
