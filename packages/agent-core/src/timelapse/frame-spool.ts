import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A frame waiting on disk for the server. */
export interface SpooledFrame {
  jobId: number;
  seq: number;
  takenAt: number;
  size: number;
  file: string;
}

const NAME = /^(\d+)-(\d+)-(\d+)\.jpg$/;

/**
 * Frames on the agent's disk until the server has them (issue 12): written whole (temp name,
 * then rename), sent oldest first, and bounded in bytes — past the bound the oldest frame is
 * dropped and counted for its job. Frames left by an earlier run are picked up again.
 */
export class FrameSpool {
  readonly #dir: string;
  readonly #maxBytes: number;
  readonly #frames: SpooledFrame[] = [];
  readonly #dropped = new Map<number, number>();
  #bytes = 0;

  constructor(dir: string, maxBytes: number) {
    this.#dir = dir;
    this.#maxBytes = maxBytes;
    mkdirSync(dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      const match = NAME.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      const size = statSync(file).size;
      this.#frames.push({
        jobId: Number(match[1]),
        seq: Number(match[2]),
        takenAt: Number(match[3]),
        size,
        file,
      });
      this.#bytes += size;
    }
    this.#frames.sort((a, b) => a.takenAt - b.takenAt || a.seq - b.seq);
  }

  get size(): number {
    return this.#frames.length;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Frames the bound pushed out so far, all jobs. */
  get dropped(): number {
    let total = 0;
    for (const count of this.#dropped.values()) total += count;
    return total;
  }

  /** Frames of `jobId` the bound pushed out so far. */
  droppedFor(jobId: number): number {
    return this.#dropped.get(jobId) ?? 0;
  }

  hasFramesOf(jobId: number): boolean {
    return this.#frames.some((frame) => frame.jobId === jobId);
  }

  oldest(): SpooledFrame | undefined {
    return this.#frames[0];
  }

  async add(frame: { jobId: number; seq: number; takenAt: number; data: Buffer }): Promise<void> {
    const file = path.join(this.#dir, `${frame.jobId}-${frame.seq}-${frame.takenAt}.jpg`);
    const temp = `${file}.part`;
    await writeFile(temp, frame.data);
    await rename(temp, file);
    this.#frames.push({
      jobId: frame.jobId,
      seq: frame.seq,
      takenAt: frame.takenAt,
      size: frame.data.length,
      file,
    });
    this.#bytes += frame.data.length;
    while (this.#bytes > this.#maxBytes && this.#frames.length > 1) {
      const dropped = this.#frames.shift()!;
      this.#dropped.set(dropped.jobId, this.droppedFor(dropped.jobId) + 1);
      await this.#delete(dropped);
    }
  }

  read(frame: SpooledFrame): Promise<Buffer> {
    return readFile(frame.file);
  }

  /** The server has it, or refused it for good. */
  async remove(frame: SpooledFrame): Promise<void> {
    const at = this.#frames.indexOf(frame);
    if (at === -1) return;
    this.#frames.splice(at, 1);
    await this.#delete(frame);
  }

  async #delete(frame: SpooledFrame): Promise<void> {
    this.#bytes -= frame.size;
    await rm(frame.file, { force: true });
  }
}
