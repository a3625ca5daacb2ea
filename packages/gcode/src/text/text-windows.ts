import type { ByteSource } from '../byte-source.js';
import type { GcodeReadLimits } from '../gcode-metadata.types.js';

/** The lines of the two parts of a text G-code file that hold its metadata. */
export interface TextWindows {
  head: string[];
  tail: string[];
}

const CHUNK_BYTES = 256 * 1024;
/**
 * Past the soft limit lines count too: a block of tiny comment lines costs far more memory as
 * strings than as bytes. Real extensions (base64 at ~80 characters a line, Bambu's config)
 * stay well below this.
 */
const MAX_EXTENDED_LINES = 300_000;
const NEWLINE = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Reads the head and the tail, never the middle: PrusaSlicer, SuperSlicer and Orca write their
 * stats and config at the end, while thumbnails, Cura's header and Bambu's config sit at the
 * start. The moves in between (nearly all of a 200 MB file) say nothing we need.
 */
export async function readTextWindows(
  source: ByteSource,
  limits: GcodeReadLimits,
): Promise<TextWindows> {
  const head = await readHead(source, limits);
  const tail = await readTail(source, { headEnd: head.end, limits });
  return { head: head.lines, tail };
}

async function readHead(
  source: ByteSource,
  limits: GcodeReadLimits,
): Promise<{ lines: string[]; end: number }> {
  const lines: string[] = [];
  const blocks = createBlockTracker();
  let position = 0;
  let end = 0;
  let carry: Buffer = Buffer.alloc(0);
  // Past the soft limit, keep going only to finish a block already begun (a big thumbnail,
  // Bambu's 40–150 KB config block); the hard limit bounds a block that never ends.
  while (position < source.size && position < limits.headHardBytes) {
    const isPastSoftLimit = position >= limits.headSoftBytes;
    if (isPastSoftLimit && (!blocks.isOpen() || lines.length >= MAX_EXTENDED_LINES)) break;
    const length = Math.min(CHUNK_BYTES, source.size - position, limits.headHardBytes - position);
    const chunk = await source.read(position, length);
    if (chunk.length === 0) break;
    position += chunk.length;
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const cut = position >= source.size ? data.length : data.lastIndexOf(NEWLINE) + 1;
    for (const line of splitLines(
      end === 0 ? stripBom(data.subarray(0, cut)) : data.subarray(0, cut),
    )) {
      blocks.track(line);
      lines.push(line);
    }
    end += cut;
    carry = data.subarray(cut);
  }
  return { lines, end };
}

async function readTail(
  source: ByteSource,
  { headEnd, limits }: { headEnd: number; limits: GcodeReadLimits },
): Promise<string[]> {
  let tailBytes = limits.tailBytes;
  for (;;) {
    const start = Math.max(headEnd, source.size - tailBytes);
    if (start >= source.size) return [];
    // Starting one byte early makes the first line either a cut one or the empty rest of a
    // newline; both are dropped.
    const before = start > headEnd ? 1 : 0;
    const lines = splitLines(await source.read(start - before, source.size - start + before));
    if (before === 1) lines.shift();
    const canGrow =
      start > headEnd && tailBytes < limits.tailMaxBytes && lines.length < MAX_EXTENDED_LINES;
    if (!canGrow || !isConfigCutOff(lines)) return lines;
    tailBytes = Math.min(tailBytes * 2, limits.tailMaxBytes);
  }
}

function splitLines(bytes: Buffer): string[] {
  if (bytes.length === 0) return [];
  const lines = bytes.toString('utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

function stripBom(bytes: Buffer): Buffer {
  return bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
}

const CONFIG_MARKERS = [
  ['; CONFIG_BLOCK_START', '; CONFIG_BLOCK_END'],
  ['; prusaslicer_config = begin', '; prusaslicer_config = end'],
  ['; SuperSlicer_config = begin', '; SuperSlicer_config = end'],
] as const;

/** The tail ends a config block whose beginning lies before the window. */
function isConfigCutOff(lines: string[]): boolean {
  return CONFIG_MARKERS.some(([begin, end]) => lines.includes(end) && !lines.includes(begin));
}

/** Blocks the head window must not stop inside. */
const BLOCK_BOUNDARIES: Array<[RegExp, RegExp]> = [
  [/^;\s*thumbnail(?:_\w+)? begin /, /^;\s*thumbnail(?:_\w+)? end/],
  [/^; HEADER_BLOCK_START/, /^; HEADER_BLOCK_END/],
  [/^; CONFIG_BLOCK_START/, /^; CONFIG_BLOCK_END/],
  [/^;START_OF_HEADER/, /^;END_OF_HEADER/],
];

function createBlockTracker(): { track(line: string): void; isOpen(): boolean } {
  let open: RegExp | null = null;
  return {
    track(line) {
      if (!line.startsWith(';')) return;
      if (open?.test(line)) open = null;
      else open ??= BLOCK_BOUNDARIES.find(([begin]) => begin.test(line))?.[1] ?? null;
    },
    isOpen: () => open !== null,
  };
}
