import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Heater, type HeaterPhysics } from './heater.js';

const LINEAR: HeaterPhysics = { kind: 'linear', heatPerSecond: 10, coolPerSecond: 2 };
const LAG: HeaterPhysics = { kind: 'lag', heatTau: 25, coolTau: 60 };

function heater(physics: HeaterPhysics) {
  return new Heater({ name: 'extruder', physics, ambient: 21.3, maxTemp: 280 });
}

describe('Heater', () => {
  it('heats at 10 °C/s and snaps within 0.5 °C (Virtual Printer)', () => {
    const h = heater(LINEAR);
    h.setTarget(215);
    h.step(10);
    expect(h.temperature).toBeCloseTo(121.3);
    h.step(100);
    expect(h.temperature).toBe(215);
    expect(h.isNearTarget()).toBe(true);
  });

  it('cools toward ambient at 2 °C/s once the target is 0', () => {
    const h = heater(LINEAR);
    h.setTarget(100);
    h.step(100);
    h.setTarget(0);
    h.step(10);
    expect(h.temperature).toBeCloseTo(80);
    h.step(1000);
    expect(h.temperature).toBe(21.3);
  });

  it('follows a first-order lag: about 63 % of the way after one τ', () => {
    const h = heater(LAG);
    h.setTarget(221.3);
    h.step(25);
    expect(h.temperature).toBeGreaterThan(21.3 + 200 * 0.62);
    expect(h.temperature).toBeLessThan(21.3 + 200 * 0.64);
  });

  it('reports high power while heating and less once there', () => {
    const h = heater(LAG);
    h.setTarget(200);
    h.step(1);
    const heating = h.power;
    h.step(1000);
    expect(heating).toBe(1);
    expect(h.power).toBeGreaterThan(0);
    expect(h.power).toBeLessThan(0.6);
    h.setTarget(0);
    h.step(1);
    expect(h.power).toBe(0);
  });

  it('clamps the target to 0..maxTemp', () => {
    const h = heater(LINEAR);
    h.setTarget(999);
    expect(h.target).toBe(280);
    h.setTarget(-5);
    expect(h.target).toBe(0);
  });

  it('never overshoots: the temperature stays between where it started and its goal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(LINEAR, LAG),
        fc.double({ min: 0, max: 280, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 30, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (physics, target, steps) => {
          const h = heater(physics);
          h.setTarget(target);
          const goal = target > 0 ? target : 21.3;
          const low = Math.min(21.3, goal);
          const high = Math.max(21.3, goal);
          for (const seconds of steps) {
            h.step(seconds);
            expect(h.temperature).toBeGreaterThanOrEqual(low - 1e-9);
            expect(h.temperature).toBeLessThanOrEqual(high + 1e-9);
          }
        },
      ),
    );
  });
});
