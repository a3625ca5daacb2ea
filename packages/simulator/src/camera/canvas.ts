import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font.js';

export type Rgb = readonly [number, number, number];

/** An RGBA raster, the layout jpeg-js encodes. */
export class Canvas {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }

  fill(color: Rgb): void {
    this.fillRect(0, 0, this.width, this.height, color);
  }

  fillRect(x: number, y: number, width: number, height: number, color: Rgb): void {
    const x0 = clamp(Math.round(x), 0, this.width);
    const y0 = clamp(Math.round(y), 0, this.height);
    const x1 = clamp(Math.round(x + width), 0, this.width);
    const y1 = clamp(Math.round(y + height), 0, this.height);
    for (let row = y0; row < y1; row++) {
      for (let col = x0; col < x1; col++) {
        const at = (row * this.width + col) * 4;
        this.data[at] = color[0];
        this.data[at + 1] = color[1];
        this.data[at + 2] = color[2];
        this.data[at + 3] = 255;
      }
    }
  }

  strokeRect(x: number, y: number, width: number, height: number, color: Rgb, line = 1): void {
    this.fillRect(x, y, width, line, color);
    this.fillRect(x, y + height - line, width, line, color);
    this.fillRect(x, y, line, height, color);
    this.fillRect(x + width - line, y, line, height, color);
  }

  /** Draws text with the 5×7 font, each cell `scale` pixels; returns the width drawn. */
  drawText(text: string, x: number, y: number, scale: number, color: Rgb): number {
    let cursor = x;
    for (const char of text) {
      const rows = glyph(char);
      rows.forEach((cells, row) =>
        cells.forEach((lit, col) => {
          if (lit) this.fillRect(cursor + col * scale, y + row * scale, scale, scale, color);
        }),
      );
      cursor += (GLYPH_WIDTH + 1) * scale;
    }
    return cursor - x;
  }
}

export function textWidth(text: string, scale: number): number {
  return [...text].length * (GLYPH_WIDTH + 1) * scale;
}

export function textHeight(scale: number): number {
  return GLYPH_HEIGHT * scale;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
