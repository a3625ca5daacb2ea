/** Tiny images from the reference (§6.11): one orange pixel, RGBA 255,128,0,255. */
export const PNG_1X1_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP438DwHwAGgAJ/EEwb4QAAAABJRU5ErkJggg==';
export const QOI_1X1_BASE64 = 'cW9pZgAAAAEAAAABBAD//4AA/wAAAAAAAAAB';

export const PNG_1X1 = Buffer.from(PNG_1X1_BASE64, 'base64');
export const QOI_1X1 = Buffer.from(QOI_1X1_BASE64, 'base64');

/**
 * The markers of a JPEG (SOI, an APP0 segment, a baseline SOF0 with the size, EOI) and no
 * picture: enough for readers that only look at the headers.
 */
export function buildJpegStub(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9]);
}

/** Wraps base64 as the slicers do: `; ` then up to 78 characters per line. */
export function toThumbnailLines(tag: string, size: string, base64: string): string[] {
  const lines = [`; ${tag} begin ${size} ${base64.length}`];
  for (let at = 0; at < base64.length; at += 78) lines.push(`; ${base64.slice(at, at + 78)}`);
  lines.push(`; ${tag} end`);
  return lines;
}
