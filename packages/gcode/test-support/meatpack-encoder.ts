/**
 * A simple MeatPack encoder for tests only, with spaces kept (no no-spaces mode). With
 * `keepComments` (encoding 2) comment lines go out verbatim with packing switched off, as
 * PrusaSlicer does; without it (encoding 1) they are dropped.
 */
const PACKED = '0123456789. \nGX';
const NOT_PACKED = 0x0f;
const command = (byte: number) => [0xff, 0xff, byte];
const ENABLE_PACKING = command(0xfb);
const DISABLE_PACKING = command(0xfa);

export function encodeMeatpack(gcode: string, keepComments: boolean): Buffer {
  const out: number[] = [...ENABLE_PACKING];
  for (const line of gcode.split('\n').filter((text) => text !== '')) {
    if (line.startsWith(';')) {
      if (keepComments)
        out.push(...DISABLE_PACKING, ...Buffer.from(`${line}\n`), ...ENABLE_PACKING);
      continue;
    }
    const chars = `${line}\n`;
    for (let index = 0; index < chars.length; index += 2) {
      out.push(...packPair(chars.charAt(index), chars.charAt(index + 1)));
    }
  }
  return Buffer.from(out);
}

function packPair(first: string, second: string): number[] {
  // After a newline the high nibble is padding.
  const low = PACKED.indexOf(first);
  const high = first === '\n' || second === '' ? 0 : PACKED.indexOf(second);
  const full = (char: string, isPacked: boolean) => (isPacked ? [] : [char.charCodeAt(0)]);
  const lowCode = low < 0 ? NOT_PACKED : low;
  const highCode = high < 0 ? NOT_PACKED : high;
  return [(highCode << 4) | lowCode, ...full(first, low >= 0), ...full(second, high >= 0)];
}
