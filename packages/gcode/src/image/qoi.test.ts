import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQoi } from '../../test-support/qoi-encoder.js';
import { PNG_1X1, QOI_1X1 } from '../../test-support/tiny-images.js';
import { readPngSize } from './image-format.js';
import { encodePng } from './png.js';
import { decodeQoi, type RasterImage } from './qoi.js';

const MAX_PIXELS = 4096 * 4096;

describe('decodeQoi', () => {
  it('decodes the reference 1×1 vector to one orange pixel', () => {
    expect(decodeQoi(QOI_1X1, MAX_PIXELS)).toEqual({
      width: 1,
      height: 1,
      channels: 4,
      pixels: Buffer.from([255, 128, 0, 255]),
    });
  });

  it('refuses bad magic, a missing end marker, a short stream and too many pixels', () => {
    const badMagic = Buffer.from(QOI_1X1);
    badMagic[0] = 0x51;
    expect(decodeQoi(badMagic, MAX_PIXELS)).toBeNull();
    expect(decodeQoi(QOI_1X1.subarray(0, QOI_1X1.length - 1), MAX_PIXELS)).toBeNull();
    const twoPixels = Buffer.from(QOI_1X1);
    twoPixels.writeUInt32BE(2, 4); // claims 2×1, holds one chunk
    expect(decodeQoi(twoPixels, MAX_PIXELS)).toBeNull();
    expect(decodeQoi(QOI_1X1, 0)).toBeNull();
  });

  const raster = fc
    .record({
      width: fc.integer({ min: 1, max: 24 }),
      height: fc.integer({ min: 1, max: 24 }),
      channels: fc.constantFrom(3 as const, 4 as const),
      // A small palette gives runs, index hits and small diffs as well as full colours.
      palette: fc.array(fc.uint8Array({ minLength: 4, maxLength: 4 }), {
        minLength: 1,
        maxLength: 6,
      }),
      seed: fc.array(fc.nat(), { minLength: 1, maxLength: 64 }),
      jitter: fc.boolean(),
    })
    .map(({ width, height, channels, palette, seed, jitter }): RasterImage => {
      const pixels = Buffer.alloc(width * height * channels);
      for (let pixel = 0; pixel < width * height; pixel++) {
        const pick = seed[pixel % seed.length] ?? 0;
        const colour = palette[pick % palette.length] ?? new Uint8Array(4);
        for (let channel = 0; channel < channels; channel++) {
          const delta = jitter ? (pick >> channel) % 3 : 0;
          pixels[pixel * channels + channel] = ((colour[channel] ?? 0) + delta) & 0xff;
        }
      }
      return { width, height, channels, pixels };
    });

  it('round-trips random images through every chunk type (property)', () => {
    fc.assert(
      fc.property(raster, (image) => {
        expect(decodeQoi(encodeQoi(image), MAX_PIXELS)).toEqual(image);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on random bytes after a valid header (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (body) => {
        const bytes = Buffer.concat([QOI_1X1.subarray(0, 14), body, QOI_1X1.subarray(-8)]);
        bytes.writeUInt32BE(8, 4);
        const image = decodeQoi(bytes, MAX_PIXELS);
        expect(image === null || image.pixels.length === 8 * 4).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('encodePng', () => {
  it('turns the QOI vector into the reference PNG, byte for byte', () => {
    const image = decodeQoi(QOI_1X1, MAX_PIXELS);
    expect(image && encodePng(image).equals(PNG_1X1)).toBe(true);
  });

  it('writes unfiltered rows that inflate back to the pixels', () => {
    const pixels = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const png = encodePng({ width: 2, height: 2, channels: 3, pixels });
    expect(readPngSize(png)).toEqual({ width: 2, height: 2 });
    expect(png[25]).toBe(2); // colour type: truecolour
    const idatLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...rows]).toEqual([0, 1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12]);
  });
});
