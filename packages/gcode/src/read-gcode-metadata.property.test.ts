import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GcodeMetadata, ReadGcodeOptions } from './gcode-metadata.types.js';
import { GcodeParseError } from './gcode-parse-error.js';
import { parseGcodeMetadata } from './read-gcode-metadata.js';
import { buildPrusaLikeBgcode } from '../test-support/sample-bgcode.js';
import * as samples from '../test-support/sample-files.js';

/**
 * Whatever the bytes, the reader resolves with sane values or rejects with its own error; the
 * runs finishing inside vitest's timeout is the evidence that nothing loops or stalls.
 */
async function expectResolvesOrOwnError(bytes: Uint8Array, options?: ReadGcodeOptions) {
  try {
    expectSaneMetadata(await parseGcodeMetadata(bytes, options));
  } catch (error) {
    if (!(error instanceof GcodeParseError)) throw error;
    expect(error.code).not.toBe('internal_error');
  }
}

function expectSaneMetadata(metadata: GcodeMetadata): void {
  const numbers = [
    metadata.printing_time_sec,
    metadata.layer_height_mm,
    metadata.filament_used_mm,
    metadata.filament_used_g,
    metadata.nozzle_diameter_mm,
  ];
  for (const value of numbers)
    expect(value === null || (Number.isFinite(value) && value >= 0)).toBe(true);
  for (const thumbnail of metadata.thumbnails) {
    expect(thumbnail.width).toBeGreaterThan(0);
    expect(thumbnail.height).toBeGreaterThan(0);
  }
}

const VALID_BGCODE = buildPrusaLikeBgcode({ gcodeBlocks: 2 });
const VALID_BGCODE_NO_CRC = buildPrusaLikeBgcode({ checksum: 0, gcodeBlocks: 2 });
const TEXT_SAMPLES = Object.values(samples).filter(
  (value): value is string => typeof value === 'string',
);

describe('random input', () => {
  it('random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), (bytes) =>
        expectResolvesOrOwnError(bytes),
      ),
      { numRuns: 500 },
    );
  });

  it('random bytes after a valid bgcode file header', async () => {
    const header = VALID_BGCODE.subarray(0, 10);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 1024 }), (body) =>
        expectResolvesOrOwnError(Buffer.concat([header, body]), { verifyChecksums: false }),
      ),
      { numRuns: 300 },
    );
  });

  it('random lines mixed with real slicer lines', async () => {
    const realLines = TEXT_SAMPLES.flatMap((text) => text.split('\n'));
    const line = fc.oneof(
      fc.constantFrom(...realLines),
      fc.string({ maxLength: 80 }),
      fc.string({ maxLength: 40 }).map((text) => `; ${text} = ${text}`),
      fc.constantFrom(
        '; thumbnail begin 16x16 96',
        '; thumbnail end',
        '; thumbnail_QOI begin 1x1 36',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 120 }),
        fc.constantFrom('\n', '\r\n'),
        (picked, eol) => expectResolvesOrOwnError(Buffer.from(picked.join(eol))),
      ),
      { numRuns: 200 },
    );
  });
});

describe('damaged valid files', () => {
  it('truncated at every offset of a valid bgcode', async () => {
    for (const bytes of [VALID_BGCODE, VALID_BGCODE_NO_CRC]) {
      for (let length = 0; length <= bytes.length; length++) {
        await expectResolvesOrOwnError(bytes.subarray(0, length));
      }
    }
  });

  it('random byte flips in a valid bgcode, with and without CRC checks', async () => {
    const flips = fc.array(
      fc.tuple(fc.nat(VALID_BGCODE.length - 1), fc.integer({ min: 1, max: 255 })),
      {
        minLength: 1,
        maxLength: 8,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        flips,
        fc.boolean(),
        fc.boolean(),
        async (changes, verifyChecksums, withCrc) => {
          const bytes = Buffer.from(withCrc ? VALID_BGCODE : VALID_BGCODE_NO_CRC);
          for (const [offset, mask] of changes) {
            if (offset < bytes.length) bytes[offset] = (bytes[offset] ?? 0) ^ mask;
          }
          await expectResolvesOrOwnError(bytes, { verifyChecksums });
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('random byte flips and cuts in text samples', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TEXT_SAMPLES),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 16 }),
        fc.nat(),
        async (text, changes, cut) => {
          const bytes = Buffer.from(text);
          for (const [offset, value] of changes) bytes[offset % bytes.length] = value;
          await expectResolvesOrOwnError(bytes.subarray(0, cut % (bytes.length + 1)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
