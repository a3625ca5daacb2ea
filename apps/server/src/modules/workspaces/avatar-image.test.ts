import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { PNG_1X1 } from '../../../test-support/files.js';
import { AVATAR_JPEG_MAX_SIDE_PX, toAvatarPng } from './avatar-image.js';

function buildJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return jpeg.encode({ width, height, data }, 80).data;
}

async function refusal(bytes: Buffer): Promise<string> {
  const error = await toAvatarPng(bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).details!.avatar as unknown as string;
}

describe('toAvatarPng', () => {
  it('keeps a valid PNG as it is, cutting off anything after IEND', async () => {
    expect(await toAvatarPng(PNG_1X1)).toEqual(PNG_1X1);
    const polyglot = Buffer.concat([PNG_1X1, Buffer.from('<script>alert(1)</script>')]);
    expect(await toAvatarPng(polyglot)).toEqual(PNG_1X1);
  });

  it('turns a JPEG into a PNG of the same size', async () => {
    const png = await toAvatarPng(buildJpeg(32, 24));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 24]);
    expect(await toAvatarPng(png)).toEqual(png);
  });

  it('refuses other types, damaged files and oversized JPEGs with a reason', async () => {
    expect(await refusal(Buffer.from('GIF89a........'))).toEqual([
      'Sorry, currently only PNG and JPEG images are supported.',
    ]);
    const badCrc = Buffer.from(PNG_1X1);
    badCrc[PNG_1X1.length - 20]! ^= 0xff;
    expect(await refusal(badCrc)).toEqual(['The image is damaged.']);
    expect(await refusal(PNG_1X1.subarray(0, 30))).toEqual(['The image is damaged.']);
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toEqual([
      'The image is damaged.',
    ]);
    expect((await refusal(buildJpeg(AVATAR_JPEG_MAX_SIDE_PX + 8, 16)))[0]).toMatch(/at most 1024/);
  });
});
