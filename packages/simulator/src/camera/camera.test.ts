import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { Camera, type CameraView } from './camera.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphCharacters, glyphSource, hasGlyph } from './font.js';

const IDLE: CameraView = {
  name: 'Bench 1',
  state: 'Operational',
  extruder: { temperature: 21.3, target: 0 },
  bed: { temperature: 21.3, target: 0 },
  progress: null,
  fileName: null,
  lights: { red: 0, green: 0, blue: 0, white: 0 },
};

describe('Camera', () => {
  it('returns a real JPEG of the configured size', () => {
    const camera = new Camera(() => IDLE, { width: 160, height: 120 });
    const frame = camera.snapshot();
    expect(frame.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(frame.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const image = jpeg.decode(frame);
    expect([image.width, image.height]).toEqual([160, 120]);
  });

  it('draws the text: the frame changes with the state and temperatures', () => {
    let view = IDLE;
    const camera = new Camera(() => view, { width: 160, height: 120 });
    const idle = camera.snapshot();
    view = {
      ...IDLE,
      state: 'Printing',
      extruder: { temperature: 214.6, target: 215 },
      progress: 0.4,
    };
    const printing = camera.snapshot();
    expect(printing.equals(idle)).toBe(false);
    const before = jpeg.decode(idle).data;
    const after = jpeg.decode(printing).data;
    expect(before.some((value, i) => value !== after[i])).toBe(true);
  });

  it('renders once per visible change: sub-degree changes reuse the cached frame', () => {
    let temperature = 100.1;
    const camera = new Camera(() => ({ ...IDLE, extruder: { temperature, target: 200 } }));
    const first = camera.snapshot();
    temperature = 100.3;
    expect(camera.snapshot()).toBe(first);
    expect(camera.renders).toBe(1);
    temperature = 101.2;
    expect(camera.snapshot()).not.toBe(first);
    expect(camera.renders).toBe(2);
  });

  it('refuses absurd sizes', () => {
    expect(() => new Camera(() => IDLE, { width: 100_000 })).toThrow(RangeError);
    expect(() => new Camera(() => IDLE, { quality: 0 })).toThrow(RangeError);
  });
});

describe('font', () => {
  it('has 5×7 glyphs for letters, digits and the overlay punctuation', () => {
    for (const char of glyphCharacters()) {
      const rows = (glyphSource(char) as string).split('/');
      expect(rows, char).toHaveLength(GLYPH_HEIGHT);
      for (const row of rows) expect(row, char).toMatch(new RegExp(`^[.#]{${GLYPH_WIDTH}}$`));
    }
    for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .:/%-°()_#') {
      expect(hasGlyph(char), char).toBe(true);
    }
  });
});
