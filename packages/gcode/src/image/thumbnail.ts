import type { GcodeReadLimits, GcodeThumbnail } from '../gcode-metadata.types.js';
import { readJpegSize, readPngSize, sniffImageKind } from './image-format.js';
import { encodePng } from './png.js';
import { decodeQoi } from './qoi.js';

/**
 * Turns embedded image bytes into a thumbnail a browser can show, or `null` when they are not
 * a PNG, JPEG or QOI image with a readable size. The size comes from the image, not from the
 * file's claim about it (Cura's script writes `32 32` whatever the image is).
 */
export function toThumbnail(bytes: Buffer, limits: GcodeReadLimits): GcodeThumbnail | null {
  if (bytes.length > limits.maxThumbnailBytes) return null;
  const kind = sniffImageKind(bytes);
  if (kind === 'qoi') {
    const raster = decodeQoi(bytes, limits.maxThumbnailPixels);
    if (!raster) return null;
    return { width: raster.width, height: raster.height, format: 'png', data: encodePng(raster) };
  }
  const size = kind === 'png' ? readPngSize(bytes) : kind === 'jpg' ? readJpegSize(bytes) : null;
  if (!kind || !size) return null;
  // A copy, so a thumbnail never pins a larger buffer it was cut from.
  return { ...size, format: kind, data: Buffer.from(bytes) };
}

/** Largest first: the detail page wants the biggest preview, lists the smallest. */
export function toSortedThumbnails(
  images: readonly Buffer[],
  limits: GcodeReadLimits,
): GcodeThumbnail[] {
  return images
    .slice(0, limits.maxThumbnails)
    .map((bytes) => toThumbnail(bytes, limits))
    .filter((thumbnail): thumbnail is GcodeThumbnail => thumbnail !== null)
    .sort((a, b) => b.width * b.height - a.width * a.height);
}
