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

  it('marks the lines OctoPrint announces as it sends them: G28, G4 and moves to a new Z', () => {
    const file = Buffer.from(
      ['G28', 'G1 Z0.2 F600', 'G1 X10 E1 F1800', 'G4 P500', 'G1 Z0.4', ''].join('\n'),
    );
    const timeline = GcodeTimeline.read(file);
    expect(timeline.marks).toEqual([
      { kind: 'home', start: 0 },
      { kind: 'z', start: file.indexOf('G1 Z0.2'), z: 0.2, oldZ: 0 },
      { kind: 'dwell', start: file.indexOf('G4') },
      { kind: 'z', start: file.indexOf('G1 Z0.4'), z: 0.4, oldZ: 0.2 },
    ]);
    expect(timeline.marksBetween(1, file.indexOf('G4')).map((m) => m.kind)).toEqual(['z', 'dwell']);
  });
});
