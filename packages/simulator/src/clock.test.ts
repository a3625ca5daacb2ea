import { describe, expect, it } from 'vitest';
import { SimulatedClock } from './clock.js';

/** A clock on a fake real time that the test moves by hand. */
function clockAt(speed: number, start: number) {
  let now = 0;
  const clock = new SimulatedClock({ speed, start, realNow: () => now });
  return { clock, passReal: (ms: number) => void (now += ms) };
}

describe('SimulatedClock', () => {
  it('runs at its speed relative to real time', () => {
    const { clock, passReal } = clockAt(10, 1000);
    passReal(50);
    expect(clock.now()).toBe(1500);
  });

  it('stands still at speed 0 and moves only when advanced', () => {
    const { clock, passReal } = clockAt(0, 0);
    passReal(10_000);
    expect(clock.now()).toBe(0);
    clock.advance(250);
    expect(clock.now()).toBe(250);
  });

  it('keeps the time reached when the speed changes', () => {
    const { clock, passReal } = clockAt(2, 0);
    passReal(100);
    clock.setSpeed(100);
    expect(clock.now()).toBe(200);
    passReal(1);
    expect(clock.now()).toBe(300);
  });

  it('refuses a negative advance and a silly speed', () => {
    const clock = new SimulatedClock({ speed: 0 });
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.setSpeed(Number.NaN)).toThrow(RangeError);
    expect(() => new SimulatedClock({ speed: -1 })).toThrow(RangeError);
  });
});
