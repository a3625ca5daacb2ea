import { describe, expect, it } from 'vitest';
import { copyHeld, copyIntoHeld } from './copy-in-place.js';

const reading = (actual: number | null) => ({
  tool0: { actual, target: 215 },
  bed: { actual: 60, target: 60 },
});

describe('copyIntoHeld', () => {
  it('copies the numbers into the objects held, keeping them', () => {
    const held = reading(200);
    const { tool0, bed } = held;
    expect(copyIntoHeld(held, reading(201.5))).toBe(true);
    expect(held).toEqual(reading(201.5));
    expect(held.tool0).toBe(tool0);
    expect(held.bed).toBe(bed);
  });

  it('copies null over a number and a number over null', () => {
    const held = reading(200);
    expect(copyIntoHeld(held, reading(null))).toBe(true);
    expect(held.tool0.actual).toBeNull();
    expect(copyIntoHeld(held, reading(20))).toBe(true);
    expect(held.tool0.actual).toBe(20);
  });

  it.each([
    ['a sensor added', { ...reading(1), tool1: { actual: 1, target: 0 } }],
    ['a sensor gone', { tool0: { actual: 1, target: 0 } }],
    ['a reading that becomes null', { tool0: null, bed: { actual: 60, target: 60 } }],
    ['an array', { tool0: [1, 2], bed: { actual: 60, target: 60 } }],
    ['not an object', null],
  ])('leaves the held value untouched and answers false for %s', (_, next) => {
    const held = reading(200);
    expect(copyIntoHeld(held, next)).toBe(false);
    expect(held).toEqual(reading(200));
  });

  it('answers false when nothing is held yet', () => {
    expect(copyIntoHeld(null, reading(1))).toBe(false);
    expect(copyIntoHeld({ tool0: null, bed: null }, reading(1))).toBe(false);
  });
});

describe('copyHeld', () => {
  it('copies every object, so a later copy into the held one leaves it as it was', () => {
    const held = reading(200);
    const copy = copyHeld(held);
    copyIntoHeld(held, reading(210));
    expect(copy).toEqual(reading(200));
  });

  it('passes null and numbers through', () => {
    expect(copyHeld(null)).toBeNull();
    expect(copyHeld(3)).toBe(3);
  });
});
