import type { GcodeReadLimits } from '../gcode-metadata.types.js';

const BEGIN = /^;\s*thumbnail(?:_[A-Za-z0-9]+)? begin \d+[x ]\d+(?: (\d+))?/;
// Cura-DuetRRF closes `thumbnail_QOI begin` with a plain `thumbnail end`, so tags may differ.
const END = /^;\s*thumbnail(?:_[A-Za-z0-9]+)? end/;
const PAYLOAD = /^;\s*(?:([A-Za-z0-9+/=]+)\s*)?$/;
// Snapmaker Luban writes the whole image on one line.
const DATA_URL = /^;\s*thumbnail: data:image\/(?:png|jpeg|jpg);base64,([A-Za-z0-9+/=]+)\s*$/;

interface OpenImage {
  declaredChars: number | undefined;
  maxChars: number;
  parts: string[];
  chars: number;
}

/**
 * Collects the images of `; thumbnail begin WxH LEN` … `; thumbnail end` blocks (PrusaSlicer,
 * SuperSlicer, Orca, Bambu, Cura's script, ideaMaker; tags `_JPG`, `_QOI`, `_PNG` …) as raw
 * bytes; what they really are is decided later from their magic bytes. An image is dropped when
 * a line inside is not base64, when another block begins first, when the count of base64
 * characters differs from the declared one (a cut or edited block, as Moonraker judges it), or
 * when it is over the size limit.
 */
export function collectTextImages(
  windows: ReadonlyArray<readonly string[]>,
  limits: GcodeReadLimits,
): Buffer[] {
  const images: Buffer[] = [];
  const maxChars = Math.ceil((limits.maxThumbnailBytes * 4) / 3) + 4;
  for (const lines of windows) {
    let open: OpenImage | null = null;
    for (const line of lines) {
      if (images.length >= limits.maxThumbnails) return images;
      if (!line.startsWith(';')) {
        open = null;
        continue;
      }
      const begin = BEGIN.exec(line);
      if (begin) {
        const declaredChars = begin[1] ? Number(begin[1]) : undefined;
        open = { declaredChars, maxChars, parts: [], chars: 0 };
      } else if (open && END.test(line)) {
        const isComplete = open.declaredChars === undefined || open.declaredChars === open.chars;
        if (isComplete && open.chars > 0) images.push(Buffer.from(open.parts.join(''), 'base64'));
        open = null;
      } else if (open) {
        open = appendPayload(open, line);
      } else if (line.length <= maxChars + 64) {
        const dataUrl = DATA_URL.exec(line)?.[1];
        if (dataUrl) images.push(Buffer.from(dataUrl, 'base64'));
      }
    }
  }
  return images;
}

function appendPayload(open: OpenImage, line: string): OpenImage | null {
  const match = PAYLOAD.exec(line);
  const payload = match ? (match[1] ?? '') : undefined;
  if (payload === undefined || open.chars + payload.length > open.maxChars) return null;
  open.parts.push(payload);
  open.chars += payload.length;
  return open;
}
