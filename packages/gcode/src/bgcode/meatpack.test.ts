import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMeatpack } from '../../test-support/meatpack-encoder.js';
import { decodeMeatpackGcode, unpackMeatpack } from './meatpack.js';

const hex = (text: string) => Buffer.from(text.replace(/ /g, ''), 'hex');

describe('MeatPack (reference §6.11 vectors)', () => {
  it.each([
    ['ff ff fb ff ff f7 1d 1e a0 c5', 'G1X10.5\n', 'G1 X10.5\n'],
    [
      `ff ff fb ff ff f7 ff ff fa ${Buffer.from('; hello\n').toString('hex')} ff ff fb 1d ab c5`,
      '; hello\nG1E.5\n',
      '; hello\nG1 E.5\n',
    ],
    ['ff ff fb ff ff f7 1f 4d 40 ff 20 53 02 c0 2d c8', 'M104 S200\nG28\n', 'M104 S200\nG28\n'],
  ])('%s', (bytes, raw, fixed) => {
    expect(unpackMeatpack(hex(bytes))).toBe(raw);
    expect(decodeMeatpackGcode(hex(bytes))).toBe(fixed);
  });

  it('passes bytes through while packing is off, and treats a lone 0xFF as data', () => {
    expect(unpackMeatpack(Buffer.from('G28\n'))).toBe('G28\n');
    // packing on, then 0xFF (both characters in full) followed by 'M' and '1'
    expect(unpackMeatpack(hex('ff ff fb ff 4d 31'))).toBe('M1');
  });

  it('drops doubled newlines when fixing up', () => {
    expect(decodeMeatpackGcode(Buffer.from('G28\n\n\nM84\n'))).toBe('G28\nM84\n');
  });
});

describe('MeatPack round trip (property)', () => {
  const line = fc
    .array(fc.constantFrom('G', '1', ' ', 'X', '1', '0', '.', '5', 'E', 'M', 'S', 'Y', 'Z'), {
      minLength: 1,
      maxLength: 30,
    })
    .map((chars) => chars.join(''))
    .filter((text) => !text.startsWith(';'));

  it('unpacks what the test encoder packed', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const gcode = lines.map((text) => `${text}\n`).join('');
        expect(unpackMeatpack(encodeMeatpack(gcode, false))).toBe(gcode);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps comment lines verbatim with encoding 2', () => {
    const gcode = '; layer 1\nG1 X10\n;TYPE:Perimeter\nM73 P0 R42\n';
    expect(unpackMeatpack(encodeMeatpack(gcode, true))).toBe(gcode);
    expect(unpackMeatpack(encodeMeatpack(gcode, false))).toBe('G1 X10\nM73 P0 R42\n');
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(typeof decodeMeatpackGcode(bytes)).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
