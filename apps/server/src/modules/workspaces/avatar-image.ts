import { crc32 } from 'node:zlib';
import { encodePngAsync } from '@printdeck/gcode';
import jpeg from 'jpeg-js';
import { AVATAR_MAX_SIDE_PX } from '@printdeck/shared';
import { fieldError } from '../../http/app-error.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/**
 * JPEGs are decoded in JavaScript on the request's thread (jpeg-js): 1024 px takes about 0.15 s,
 * 2048 px a whole second, so they are held to what an avatar needs. PNGs are not decoded.
 */
export const AVATAR_JPEG_MAX_SIDE_PX = 1024;

export const avatarRefused = (reason: string) => fieldError('avatar', reason);
const notPngOrJpeg = () =>
  avatarRefused('Sorry, currently only PNG and JPEG images are supported.');
const damaged = () => avatarRefused('The image is damaged.');

function checkSides(width: number, height: number, maxSide: number): void {
  if (width < 1 || height < 1) throw damaged();
  if (width > maxSide || height > maxSide) {
    throw avatarRefused(`The image may be at most ${maxSide} pixels on a side.`);
  }
}

/**
 * A PNG is kept as sent once its structure checks out: signature, IHDR first, every chunk's
 * CRC, up to IEND. Bytes after IEND are cut off, so nothing rides along behind the image.
 */
function checkPng(data: Buffer): Buffer {
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > data.length) throw damaged();
    if (crc32(data.subarray(offset + 4, end - 4)) !== data.readUInt32BE(end - 4)) throw damaged();
    if (offset === PNG_SIGNATURE.length) {
      if (type !== 'IHDR' || length !== 13) throw damaged();
      checkSides(data.readUInt32BE(offset + 8), data.readUInt32BE(offset + 12), AVATAR_MAX_SIDE_PX);
    }
    if (type === 'IEND') return data.subarray(0, end);
    offset = end;
  }
  throw damaged();
}

async function jpegToPng(data: Buffer): Promise<Buffer> {
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(data, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: (AVATAR_JPEG_MAX_SIDE_PX * AVATAR_JPEG_MAX_SIDE_PX) / 1_000_000,
      maxMemoryUsageInMB: 128,
    });
  } catch (error) {
    if (String(error).includes('maxResolutionInMP')) {
      throw avatarRefused(
        `A JPEG may be at most ${AVATAR_JPEG_MAX_SIDE_PX} pixels on a side; PNG up to ${AVATAR_MAX_SIDE_PX}.`,
      );
    }
    throw damaged();
  }
  checkSides(image.width, image.height, AVATAR_JPEG_MAX_SIDE_PX);
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return encodePngAsync({ width: image.width, height: image.height, channels: 4, pixels });
}

/**
 * An uploaded avatar as the PNG to store (spec part 2 §5: PNG or JPEG only, stored as PNG). The
 * type is read from the bytes, never from the name or the declared content type.
 */
export async function toAvatarPng(data: Buffer): Promise<Buffer> {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(data);
  if (data.subarray(0, 3).equals(JPEG_SIGNATURE)) return jpegToPng(data);
  throw notPngOrJpeg();
}
