/** What a quick look at a JPEG tells: its size, when its structure holds together. */
export interface JpegInfo {
  width: number;
  height: number;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Start-of-frame markers (baseline, progressive, …); C4, C8 and CC are not frames. */
const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * Walks the marker segments up to the scan without decoding pixels (cheap enough for every
 * frame of 200 printers): the file must start with SOI, carry a frame header with a non-zero
 * size before its scan, and end with EOI. Anything else is corrupt and answers null.
 */
export function readJpegInfo(data: Buffer): JpegInfo | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return null;
  if (data[data.length - 2] !== 0xff || data[data.length - 1] !== EOI) return null;
  let at = 2;
  let info: JpegInfo | null = null;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return null;
    if (SOF_MARKERS.has(marker)) {
      if (length < 7) return null;
      const height = data.readUInt16BE(at + 5);
      const width = data.readUInt16BE(at + 7);
      if (width === 0 || height === 0) return null;
      info = { width, height };
    }
    if (marker === SOS) return info;
    at += 2 + length;
  }
  return null;
}
