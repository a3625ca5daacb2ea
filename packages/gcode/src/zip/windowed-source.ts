import type { ByteSource } from '../byte-source.js';
import { GcodeParseError } from '../gcode-parse-error.js';

/**
 * Keeps the first `headBytes` and the last `tailBytes` of a stream of chunks (an inflated plate
 * G-code), and serves them as a ByteSource of the whole stream's size: the text reader asks for
 * nothing else, so the middle (nearly all of a plate) is counted and dropped.
 */
export function createWindowKeeper(headBytes: number, tailBytes: number) {
  const head: Buffer[] = [];
  let headKept = 0;
  const tail: Buffer[] = [];
  let tailKept = 0;
  let size = 0;

  return {
    take(chunk: Buffer): void {
      size += chunk.length;
      if (headKept < headBytes) {
        const part = chunk.subarray(0, headBytes - headKept);
        head.push(Buffer.from(part));
        headKept += part.length;
      }
      tail.push(Buffer.from(chunk));
      tailKept += chunk.length;
      while (tail.length > 1 && tailKept - tail[0]!.length >= tailBytes) {
        tailKept -= tail.shift()!.length;
      }
    },
    source(): ByteSource {
      const headData = Buffer.concat(head);
      const tailData = Buffer.concat(tail);
      const tailStart = size - tailData.length;
      return {
        size,
        read: async (position, length) => {
          const end = Math.min(size, position + length);
          if (end <= headData.length) return headData.subarray(position, end);
          if (position >= tailStart)
            return tailData.subarray(position - tailStart, end - tailStart);
          throw new GcodeParseError(
            'internal_error',
            `read ${position}–${end} outside the windows`,
          );
        },
      };
    },
  };
}
