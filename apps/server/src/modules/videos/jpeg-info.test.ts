import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { readJpegInfo } from './jpeg-info.js';

function encode(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 128);
  return Buffer.from(jpeg.encode({ width, height, data }, 80).data);
}

describe('readJpegInfo', () => {
  it('reads the size of a real JPEG', () => {
    expect(readJpegInfo(encode(64, 48))).toEqual({ width: 64, height: 48 });
  });

  it('refuses what is not a whole JPEG', () => {
    const good = encode(32, 24);
    expect(readJpegInfo(Buffer.from('not a jpeg at all'))).toBeNull();
    expect(readJpegInfo(good.subarray(0, good.length - 10))).toBeNull();
    expect(readJpegInfo(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(50)]))).toBeNull();
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
    expect(readJpegInfo(noFrame)).toBeNull();
  });

  it('never throws on random bytes', () => {
    for (let i = 0; i < 500; i++) {
      const bytes = Buffer.from(Array.from({ length: 40 }, () => Math.floor(Math.random() * 256)));
      bytes[0] = 0xff;
      bytes[1] = 0xd8;
      expect(() => readJpegInfo(bytes)).not.toThrow();
    }
  });
});
