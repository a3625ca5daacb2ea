import type { HeatshrinkParams } from '../src/bgcode/heatshrink.js';

/**
 * A greedy heatshrink encoder for tests only: it lets tests build heatshrink blocks and
 * round-trip the decoder on random data. The reference's own vectors cover byte-exact output.
 */
export function encodeHeatshrink(
  input: Uint8Array,
  { windowBits, lookaheadBits }: HeatshrinkParams,
): Buffer {
  const bits: number[] = [];
  const push = (value: number, count: number) => {
    for (let shift = count - 1; shift >= 0; shift--) bits.push((value >> shift) & 1);
  };
  const maxDistance = 2 ** windowBits;
  const maxLength = 2 ** lookaheadBits;
  for (let position = 0; position < input.length;) {
    const match = findLongestMatch(input, { position, maxDistance, maxLength });
    // A back-reference costs 1 + W + L bits, a literal 9: it pays off from two bytes on.
    if (match.length >= 2) {
      push(0, 1);
      push(match.distance - 1, windowBits);
      push(match.length - 1, lookaheadBits);
      position += match.length;
    } else {
      push(1, 1);
      push(input[position] ?? 0, 8);
      position += 1;
    }
  }
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, index) => {
    if (bit) out[index >> 3] = (out[index >> 3] ?? 0) | (0x80 >> (index & 7));
  });
  return out;
}

function findLongestMatch(
  input: Uint8Array,
  {
    position,
    maxDistance,
    maxLength,
  }: { position: number; maxDistance: number; maxLength: number },
): { distance: number; length: number } {
  let best = { distance: 0, length: 0 };
  for (let distance = 1; distance <= Math.min(maxDistance, position); distance++) {
    let length = 0;
    while (
      length < maxLength &&
      position + length < input.length &&
      input[position + length] === input[position + length - distance]
    ) {
      length++;
    }
    if (length > best.length) best = { distance, length };
    if (length === maxLength) break;
  }
  return best;
}
