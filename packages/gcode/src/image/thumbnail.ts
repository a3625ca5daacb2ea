import type { GcodeReadLimits, GcodeThumbnail } from '../gcode-metadata.types.js';
import { readJpegSize, readPngSize, sniffImageKind } from './image-format.js';
import { encodePng } from './png.js';
import { decodeQoi, readQoiSize } from './qoi.js';

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

/**
 * Largest first: the detail page wants the biggest preview, lists the smallest. The file's
 * budgets hold here: QOI pixels to decode in all, and time spent converting; an image past
 * either is skipped, never the file.
 */
export function toSortedThumbnails(
  images: readonly Buffer[],
  limits: GcodeReadLimits,
  now: () => number = () => performance.now(),
): GcodeThumbnail[] {
  const deadline = now() + limits.thumbnailTimeBudgetMs;
  let pixelsLeft = limits.maxThumbnailPixelsPerFile;
  const thumbnails: GcodeThumbnail[] = [];
  for (const bytes of images.slice(0, limits.maxThumbnails)) {
    if (now() >= deadline) break;
    const qoiPixels = readQoiPixels(bytes);
    if (qoiPixels > pixelsLeft) continue;
    const thumbnail = toThumbnail(bytes, limits);
    if (!thumbnail) continue;
    pixelsLeft -= qoiPixels;
    thumbnails.push(thumbnail);
  }
  return thumbnails.sort((a, b) => b.width * b.height - a.width * a.height);
}

/** What decoding would cost, read from the header alone; 0 for images kept as they are. */
function readQoiPixels(bytes: Buffer): number {
  if (sniffImageKind(bytes) !== 'qoi') return 0;
  const size = readQoiSize(bytes);
  return size ? size.width * size.height : Number.POSITIVE_INFINITY;
}
