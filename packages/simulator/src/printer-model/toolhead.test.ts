import { describe, expect, it } from 'vitest';
import { KLIPPER, MARLIN } from './dialect.js';
import { Toolhead } from './toolhead.js';

describe('Toolhead', () => {
  it('refuses to move an unhomed axis the Klipper way', () => {
    const head = new Toolhead();
    expect(() => head.moveTo(head.target({ X: 110 }), KLIPPER.moves)).toThrow(
      'Must home axis first: 110.000 0.000 0.000 [0.000]',
    );
    expect(head.position.x).toBe(0);
  });

  it('only checks the axes that move', () => {
    const head = new Toolhead();
    head.home(['x']);
    head.moveTo(head.target({ X: 50 }), KLIPPER.moves);
    expect(head.position.x).toBe(50);
    expect(() => head.moveTo(head.target({ Y: 5 }), KLIPPER.moves)).toThrow(/Must home axis first/);
  });

  it('refuses moves past the axis limits once homed', () => {
    const head = new Toolhead();
    head.home([]);
    expect(head.homedAxes).toBe('xyz');
    expect(() => head.moveTo(head.target({ X: 236 }), KLIPPER.moves)).toThrow(
      'Move out of range: 236.000 0.000 0.000 [0.000]',
    );
    expect(() => head.moveTo(head.target({ Z: -1 }), KLIPPER.moves)).toThrow(/Move out of range/);
  });

  it('lets Marlin move unhomed and clamps to the limits', () => {
    const head = new Toolhead();
    head.moveTo(head.target({ X: 500, Y: -20 }), MARLIN.moves);
    expect(head.position).toMatchObject({ x: 235, y: 0 });
  });

  it('adds relative moves in G91 and keeps E absolute or relative as set', () => {
    const head = new Toolhead();
    head.home([]);
    head.absolute = false;
    head.moveTo(head.target({ X: 10 }), KLIPPER.moves);
    head.moveTo(head.target({ X: 10, E: 2 }), KLIPPER.moves);
    expect(head.position).toMatchObject({ x: 20, e: 2 });
    head.absolute = true;
    head.absoluteExtrude = false;
    head.moveTo(head.target({ E: 3 }), KLIPPER.moves);
    expect(head.position.e).toBe(5);
  });

  it('forgets homing when the motors are switched off', () => {
    const head = new Toolhead();
    head.home(['x', 'y']);
    expect(head.homedAxes).toBe('xy');
    head.motorsOff();
    expect(head.homedAxes).toBe('');
  });
});
