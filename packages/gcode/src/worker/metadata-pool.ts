import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GcodeParseError } from '../gcode-parse-error.js';
import type { GcodeMetadata, ReadGcodeOptions } from '../gcode-metadata.types.js';
import type { ThreeMfMetadata } from '../zip/read-3mf-metadata.js';
import type {
  WorkerAnswer,
  WorkerMetadata,
  WorkerTask,
  WorkerTaskKind,
} from './worker-messages.js';

export interface MetadataPoolOptions {
  /** Threads at most; each reads one file at a time. */
  threads?: number;
  /** A file whose reading takes longer has its thread ended and is read again without previews. */
  timeLimitMs?: number;
  /** The limit of that second reading, without previews (default: timeLimitMs). */
  fallbackTimeLimitMs?: number;
  /** An idle thread ends after this long, so an idle server holds none. */
  idleMs?: number;
}

export interface MetadataPool {
  /** readGcodeMetadata on a worker thread; rejects only with GcodeParseError. */
  read(path: string, options?: ReadGcodeOptions): Promise<GcodeMetadata>;
  /** read3mfMetadata on a worker thread (the zip's limits and the time limit hold). */
  read3mf(path: string, options?: ReadGcodeOptions): Promise<ThreeMfMetadata>;
  /** Files being read on a thread right now (tests wait for this, not for time). */
  busy(): number;
  close(): Promise<void>;
}

interface Task extends WorkerTask {
  timeLimitMs: number;
  resolve(metadata: WorkerMetadata): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** Loaded and listening: its task's time runs from then, not from the thread's start. */
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

class TimedOut extends Error {}

/**
 * Reading a print file is CPU work on attacker-chosen bytes (QOI decoding, PNG encoding,
 * decompression, the text scan): issue 23 froze the server for seconds with one upload. Here it
 * runs on worker threads, each task with a time limit after which its thread is ended; a file
 * that runs out of time is read once more without previews, so it still uploads.
 */
export function createMetadataPool(options: MetadataPoolOptions = {}): MetadataPool {
  const threads = options.threads ?? 2;
  const timeLimitMs = options.timeLimitMs ?? 10_000;
  const fallbackTimeLimitMs = options.fallbackTimeLimitMs ?? timeLimitMs;
  const idleMs = options.idleMs ?? 30_000;
  const idle: Thread[] = [];
  const busy = new Set<Thread>();
  const queue: Task[] = [];
  const idleTimers = new Map<Thread, NodeJS.Timeout>();
  let nextId = 1;
  let closed = false;

  function spawn(): Thread {
    const worker = new Worker(workerEntry(), {
      eval: true,
      // the thread's own heap; decoded images are bounded by the limits, not by this
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    const thread: Thread = { worker, ready: false, task: null, timer: null };
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.ok === 'ready') {
        thread.ready = true;
        startClock(thread);
      } else finish(thread, answer);
    });
    worker.on('error', (error) => fail(thread, error));
    worker.on('exit', () => fail(thread, new Error('metadata worker exited')));
    return thread;
  }

  function startClock(thread: Thread): void {
    if (!thread.task || !thread.ready || thread.timer) return;
    thread.timer = setTimeout(() => fail(thread, new TimedOut()), thread.task.timeLimitMs);
    thread.timer.unref();
  }

  function finish(thread: Thread, answer: Exclude<WorkerAnswer, { ok: 'ready' }>): void {
    const task = thread.task;
    if (!task || task.id !== answer.id) return;
    release(thread);
    if (answer.ok) task.resolve(revive(answer.metadata));
    else task.reject(new GcodeParseError(answer.code, answer.message));
  }

  /** The thread is gone or broken: its task fails, and it is never used again. */
  function fail(thread: Thread, error: Error): void {
    const task = thread.task;
    if (thread.timer) clearTimeout(thread.timer);
    thread.task = null;
    busy.delete(thread);
    dropIdle(thread);
    void thread.worker.terminate();
    task?.reject(error);
    pump();
  }

  function release(thread: Thread): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.task = null;
    thread.timer = null;
    busy.delete(thread);
    idle.push(thread);
    const timer = setTimeout(() => {
      dropIdle(thread);
      void thread.worker.terminate();
    }, idleMs);
    timer.unref();
    idleTimers.set(thread, timer);
    pump();
  }

  function dropIdle(thread: Thread): void {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    const timer = idleTimers.get(thread);
    if (timer) clearTimeout(timer);
    idleTimers.delete(thread);
  }

  function pump(): void {
    while (queue.length > 0 && (idle.length > 0 || busy.size < threads) && !closed) {
      const thread = idle.pop() ?? spawn();
      dropIdle(thread);
      const task = queue.shift()!;
      thread.task = task;
      busy.add(thread);
      startClock(thread);
      thread.worker.postMessage({
        id: task.id,
        kind: task.kind,
        path: task.path,
        options: task.options,
      } satisfies WorkerTask);
    }
  }

  function run(
    kind: WorkerTaskKind,
    path: string,
    readOptions: ReadGcodeOptions | undefined,
    limitMs: number,
  ): Promise<WorkerMetadata> {
    if (closed) return Promise.reject(new GcodeParseError('internal_error', 'pool closed'));
    return new Promise((resolve, reject) => {
      queue.push({
        id: nextId++,
        kind,
        path,
        options: readOptions,
        timeLimitMs: limitMs,
        resolve,
        reject,
      });
      pump();
    });
  }

  async function readWithFallback(
    kind: WorkerTaskKind,
    path: string,
    readOptions: ReadGcodeOptions | undefined,
  ): Promise<WorkerMetadata> {
    try {
      return await run(kind, path, readOptions, timeLimitMs);
    } catch (error) {
      if (!(error instanceof TimedOut)) throw asParseError(error);
    }
    const withoutPreviews = { ...readOptions?.limits, maxThumbnails: 0 };
    try {
      return await run(
        kind,
        path,
        { ...readOptions, limits: withoutPreviews },
        fallbackTimeLimitMs,
      );
    } catch (error) {
      if (error instanceof TimedOut) {
        throw new GcodeParseError('limit_exceeded', `reading took over ${fallbackTimeLimitMs} ms`);
      }
      throw asParseError(error);
    }
  }

  return {
    read: (path, readOptions) =>
      readWithFallback('gcode', path, readOptions) as Promise<GcodeMetadata>,
    read3mf: (path, readOptions) =>
      readWithFallback('gcode.3mf', path, readOptions) as Promise<ThreeMfMetadata>,
    busy: () => busy.size,
    async close() {
      closed = true;
      for (const task of queue.splice(0))
        task.reject(new GcodeParseError('internal_error', 'pool closed'));
      const all = [...idle, ...busy];
      for (const thread of all) fail(thread, new GcodeParseError('internal_error', 'pool closed'));
      await Promise.all(all.map((thread) => thread.worker.terminate()));
    },
  };
}

function asParseError(error: unknown): GcodeParseError {
  return error instanceof GcodeParseError
    ? error
    : new GcodeParseError('internal_error', 'metadata worker failed', { cause: error });
}

/** Structured clone hands Buffers over as Uint8Arrays. */
function revive(metadata: WorkerMetadata): WorkerMetadata {
  const thumbnails = metadata.thumbnails.map((thumbnail) => ({
    ...thumbnail,
    data: Buffer.from(thumbnail.data.buffer, thumbnail.data.byteOffset, thumbnail.data.byteLength),
  }));
  return { ...metadata, thumbnails };
}

/**
 * The thread's bootstrap. In the server's bundle (`apps/server/build.mjs`) the thread is
 * `gcode-metadata-worker.js` beside `server.js`; from source (tests, tsx) it is the TypeScript
 * file, loaded through tsx's loader registered in the thread itself (Node 20 does not apply
 * `--import tsx` before a worker's entry).
 */
function workerEntry(): string {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return `import(${JSON.stringify(new URL('./gcode-metadata-worker.js', here).href)});`;
  }
  const tsxApi = createRequire(here)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const entry = new URL('./metadata-worker.ts', here).href;
  return `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
}
