import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isSameJson } from './same-json.js';

describe('isSameJson', () => {
  // pairs as a device's parsed states can hold them, each answered as isDeepStrictEqual does
  const pairs: Array<[unknown, unknown]> = [
    [{ tool0: { actual: 210.5, target: 215 } }, { tool0: { actual: 210.5, target: 215 } }],
    [{ tool0: { actual: 210.5, target: 215 } }, { tool0: { actual: 210.6, target: 215 } }],
    [{ a: 1 }, { a: 1, b: 2 }],
    [{ a: 1, b: 2 }, { a: 1 }],
    [{ a: undefined }, {}],
    [{ a: null }, { a: undefined }],
    [
      [1, 2, 3],
      [1, 2, 3],
    ],
    [
      [1, 2],
      [1, 2, 3],
    ],
    [[{ id: 'x' }], [{ id: 'y' }]],
    [[], {}],
    [{}, []],
    [null, {}],
    [null, null],
    ['a', 'a'],
    ['1', 1],
    [0, -0],
    [Number.NaN, Number.NaN],
    [{ flags: { printing: true } }, { flags: { printing: false } }],
    [
      { b: 1, a: 2 },
      { a: 2, b: 1 },
    ],
  ];

  it.each(pairs)('answers %j against %j as isDeepStrictEqual does', (a, b) => {
    expect(isSameJson(a, b)).toBe(isDeepStrictEqual(a, b));
  });
});
