import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './error-handler.js';

describe('field errors', () => {
  it("keep a client's key names as plain keys, also Object's own (issue 23 fuzz)", () => {
    const keys = ['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty'];
    const fields = toFieldErrors([{ code: 'unrecognized_keys', keys, message: 'x' }]);
    for (const key of keys) {
      expect(Object.getOwnPropertyDescriptor(fields, key)?.value).toEqual(['Unknown field.']);
    }
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(fields))).toHaveProperty(['toString'], ['Unknown field.']);
  });

  it('gathers several reasons of one field', () => {
    expect(
      toFieldErrors([
        { path: ['name'], message: 'Too long.' },
        { path: ['name'], message: 'Not allowed.' },
      ]),
    ).toEqual({ name: ['Too long.', 'Not allowed.'] });
  });
});
