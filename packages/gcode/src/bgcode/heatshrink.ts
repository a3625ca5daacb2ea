export interface HeatshrinkParams {
  windowBits: number;
  lookaheadBits: number;
}

/**
 * Heatshrink (LZSS with a bit stream) as bgcode uses it: window 2^11 or 2^12 bytes, lookahead
 * 4 bits. Bits are read most significant first. A tag bit 1 is followed by a literal byte; a 0 by
 * a back-reference of `windowBits` (distance − 1) and `lookaheadBits` (length − 1). The stream
 * does not mark its end, so the known output size stops it (the final byte is zero-padded).
 */
export function decodeHeatshrink(
  input: Uint8Array,
  { windowBits, lookaheadBits, outputSize }: HeatshrinkParams & { outputSize: number },
): Buffer | null {
  const out = Buffer.alloc(outputSize);
  const totalBits = input.length * 8;
  let bit = 0;
  const readBits = (count: number): number => {
    if (bit + count > totalBits) return -1;
    let value = 0;
    for (let end = bit + count; bit < end; bit++) {
      value = (value << 1) | (((input[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  let length = 0;
  while (length < outputSize) {
    const tag = readBits(1);
    if (tag < 0) break;
    if (tag === 1) {
      const literal = readBits(8);
      if (literal < 0) break;
      out[length++] = literal;
      continue;
    }
    const index = readBits(windowBits);
    const count = index < 0 ? -1 : readBits(lookaheadBits);
    if (count < 0) break;
    const distance = index + 1;
    // Byte by byte, because a copy may overlap its own output (a run).
    for (let copied = 0; copied <= count && length < outputSize; copied++, length++) {
      // Before the start, the window still holds its initial zeros.
      out[length] = length >= distance ? (out[length - distance] ?? 0) : 0;
    }
  }
  return length === outputSize ? out : null;
}
