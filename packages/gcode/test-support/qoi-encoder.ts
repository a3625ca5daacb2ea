import type { RasterImage } from '../src/image/qoi.js';

/**
 * A QOI encoder for tests only (qoiformat.org spec), so the decoder can be round-tripped on
 * random pixels through every chunk type: run, index, diff, luma, RGB and RGBA.
 */
export function encodeQoi(image: RasterImage): Buffer {
  const out: number[] = [
    ...Buffer.from('qoif', 'latin1'),
    ...u32(image.width),
    ...u32(image.height),
  ];
  out.push(image.channels, 0);
  const seen = new Array<number>(64).fill(-1);
  let previous = [0, 0, 0, 255];
  let run = 0;
  const pixelCount = image.width * image.height;
  for (let pixel = 0; pixel < pixelCount; pixel++) {
    const at = pixel * image.channels;
    const { pixels } = image;
    const current = [pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0];
    current.push(image.channels === 4 ? (pixels[at + 3] ?? 0) : (previous[3] ?? 255));
    const [r, g, b, a] = current as [number, number, number, number];
    if (current.every((value, index) => value === previous[index])) {
      run++;
      if (run === 62 || pixel === pixelCount - 1) {
        out.push(0xc0 | (run - 1));
        run = 0;
      }
      continue;
    }
    if (run > 0) {
      out.push(0xc0 | (run - 1));
      run = 0;
    }
    const hash = (r * 3 + g * 5 + b * 7 + a * 11) % 64;
    const packed = ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
    if (seen[hash] === packed) {
      out.push(hash);
    } else {
      seen[hash] = packed;
      out.push(...encodeColour(current, previous));
    }
    previous = current;
  }
  out.push(0, 0, 0, 0, 0, 0, 0, 1);
  return Buffer.from(out);
}

function encodeColour(current: number[], previous: number[]): number[] {
  const [r, g, b, a] = current as [number, number, number, number];
  if (a !== previous[3]) return [0xff, r, g, b, a];
  const wrap = (value: number) => ((value + 128) & 0xff) - 128;
  const dr = wrap(r - (previous[0] ?? 0));
  const dg = wrap(g - (previous[1] ?? 0));
  const db = wrap(b - (previous[2] ?? 0));
  if ([dr, dg, db].every((delta) => delta >= -2 && delta <= 1)) {
    return [0x40 | ((dr + 2) << 4) | ((dg + 2) << 2) | (db + 2)];
  }
  const [drg, dbg] = [dr - dg, db - dg];
  if (dg >= -32 && dg <= 31 && [drg, dbg].every((delta) => delta >= -8 && delta <= 7)) {
    return [0x80 | (dg + 32), ((drg + 8) << 4) | (dbg + 8)];
  }
  return [0xfe, r, g, b];
}

function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}
