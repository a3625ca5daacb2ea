import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeHeatshrink } from '../../test-support/heatshrink-encoder.js';
import { decodeHeatshrink } from './heatshrink.js';

const hex = (text: string) => Buffer.from(text, 'hex');
const MOVES = 'G1 X10 Y10\nG1 X20 Y10\nG1 X20 Y20\n';
const W11 = { windowBits: 11, lookaheadBits: 4 };
const W12 = { windowBits: 12, lookaheadBits: 4 };

describe('decodeHeatshrink (reference §6.11 vectors)', () => {
  it.each([
    [11, 'b0d8ac6004a0', 'abcabcabc'],
    [12, 'b0d8ac600250', 'abcabcabc'],
    [12, 'a3cc6415898cc2415998cc21400a399002b665308500', MOVES],
    [11, 'a3cc6415898cc2415998cc21401473200ad994c214', MOVES],
  ])('W=%i %s', (windowBits, stream, expected) => {
    const output = decodeHeatshrink(hex(stream), {
      windowBits,
      lookaheadBits: 4,
      outputSize: expected.length,
    });
    expect(output?.toString('latin1')).toBe(expected);
  });

  it('refuses a stream that ends before the declared size', () => {
    expect(decodeHeatshrink(hex('b0d8ac6004a0'), { ...W11, outputSize: 20 })).toBeNull();
  });

  it('reads a back-reference before the start as zeros', () => {
    // tag 0, index 0 (distance 1), count 2 (length 3), padded
    const bits = '0' + '0'.repeat(11) + '0010';
    const stream = Buffer.from([parseInt(bits.slice(0, 8), 2), parseInt(bits.slice(8, 16), 2)]);
    expect([...(decodeHeatshrink(stream, { ...W11, outputSize: 3 }) ?? [])]).toEqual([0, 0, 0]);
  });
});

describe('heatshrink round trip (property)', () => {
  it('decodes what the test encoder wrote, for both window sizes', () => {
    const data = fc.oneof(
      fc.uint8Array({ maxLength: 600 }),
      fc
        .array(fc.constantFrom('G1 ', 'X10', 'Y2.5', 'E.04', '\n', 'M73 P0 R3\n'), {
          maxLength: 200,
        })
        .map((parts) => new Uint8Array(Buffer.from(parts.join('')))),
    );
    fc.assert(
      fc.property(data, fc.constantFrom(11, 12), (input, windowBits) => {
        const params = { windowBits, lookaheadBits: 4 };
        const encoded = encodeHeatshrink(input, params);
        const decoded = decodeHeatshrink(encoded, { ...params, outputSize: input.length });
        expect(decoded && Buffer.from(decoded).equals(Buffer.from(input))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on random streams', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), fc.nat(4096), (input, size) => {
        const output = decodeHeatshrink(input, { ...W12, outputSize: size });
        expect(output === null || output.length === size).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
