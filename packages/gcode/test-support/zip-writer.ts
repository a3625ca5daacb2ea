import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipFileSpec {
  name: string;
  data: Buffer;
  /** Deflated by default; `stored` keeps the bytes as they are. */
  stored?: boolean;
  /** Already-deflated bytes to write as they are (a bomb built without holding its output). */
  deflated?: { bytes: Buffer; size: number };
}

/** A plain zip (no ZIP64, no data descriptors), as a `.gcode.3mf` is, for tests. */
export function buildZip(files: ZipFileSpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const method = file.stored ? 0 : 8;
    const body = file.deflated?.bytes ?? (file.stored ? file.data : deflateRawSync(file.data));
    const size = file.deflated?.size ?? file.data.length;
    const crc = file.deflated ? 0 : crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Deflated bytes that inflate to `size` bytes of G-code comment lines: a zip bomb's payload,
 * about 1,000 to 1, built chunk by chunk so the test never holds the inflated whole.
 */
export function buildDeflatedFiller(size: number): { bytes: Buffer; size: number } {
  const chunk = Buffer.alloc(1024 * 1024, ';\n');
  const whole = Math.floor(size / chunk.length);
  // one chunk deflated in a block of its own, repeated: a raw deflate stream may hold any
  // number of non-final blocks, then one final (empty) block ends it
  const block = deflateRawSync(chunk, { finishFlush: 2 /* Z_SYNC_FLUSH */ });
  const last = deflateRawSync(Buffer.alloc(0));
  return { bytes: Buffer.concat([...Array.from({ length: whole }, () => block), last]), size };
}
