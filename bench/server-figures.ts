/**
 * Figures read from inside a measured server (bench:gateway, issue 31) through its inspector
 * (`inspectorArgument` among its node arguments): its event loop's delay over a phase
 * (`monitorEventLoopDelay`, started and read by an evaluated expression, so nothing is rendered
 * on the server's loop during the phase) and its garbage collections meanwhile (count, full
 * ones, pauses), and its JS heap after a full garbage collection (a
 * heap read without one moves by the young generation's size, tens of MB).
 */
import WebSocket from 'ws';

/** The node argument that opens the server's inspector on `port` (loopback only). */
export function inspectorArgument(port: number): string {
  return `--inspect=127.0.0.1:${port}`;
}

/** Runs inspector methods in the server, one short-lived session per call. */
async function inspect<T>(
  port: number,
  work: (call: (method: string, params?: object) => Promise<Record<string, unknown>>) => Promise<T>,
): Promise<T> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = (nextId += 1);
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: { message: string };
        };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result!);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    return await work(call);
  } finally {
    socket.close();
  }
}

async function evaluate<T>(port: number, expression: string): Promise<T> {
  return inspect(port, async (call) => {
    const { result } = (await call('Runtime.evaluate', { expression, returnByValue: true })) as {
      result: { value: T };
    };
    return result.value;
  });
}

/**
 * The histogram's timer period (ms). Node records the whole time between two of its ticks, so
 * an idle loop reads this much (p99 ≈ 10.9 ms idle); the figures below subtract it, leaving
 * how late the tick was: the delay a request meets.
 */
const LOOP_RESOLUTION_MS = 10;

export interface LoopFigures {
  /** both beyond the histogram's own period (LOOP_RESOLUTION_MS) */
  maxDelayMs: number;
  p99DelayMs: number;
  collections: number;
  /** mark-compact collections, the ones that walk the whole heap */
  fullCollections: number;
  collectionMs: number;
  longestCollectionMs: number;
  /** devices-states answers' times in the server (request to last byte), sorted */
  pollsInServerMs: number[];
}

/** Starts (or starts again) the server's event loop delay histogram and collection count. */
export async function startLoopFigures(port: number): Promise<void> {
  await evaluate(
    port,
    `(() => {
      const hooks = process.getBuiltinModule('node:perf_hooks');
      globalThis.benchLoopDelay ??= hooks.monitorEventLoopDelay({ resolution: ${LOOP_RESOLUTION_MS} });
      globalThis.benchLoopDelay.reset();
      globalThis.benchLoopDelay.enable();
      const gc = { count: 0, full: 0, ms: 0, longestMs: 0 };
      globalThis.benchGc = gc;
      globalThis.benchGcObserver ??= new hooks.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const now = globalThis.benchGc;
          now.count += 1;
          if (entry.detail?.kind === hooks.constants.NODE_PERFORMANCE_GC_MAJOR) now.full += 1;
          now.ms += entry.duration;
          now.longestMs = Math.max(now.longestMs, entry.duration);
        }
      });
      globalThis.benchGcObserver.observe({ entryTypes: ['gc'] });
      // each devices-states answer's time in the server, from its request to its last byte
      globalThis.benchPolls = [];
      if (!globalThis.benchPollStarts) {
        const channels = process.getBuiltinModule('node:diagnostics_channel');
        const starts = (globalThis.benchPollStarts = new WeakMap());
        channels.subscribe('http.server.request.start', ({ request }) => {
          if (request.url.includes('devices-states')) starts.set(request, performance.now());
        });
        channels.subscribe('http.server.response.finish', ({ request }) => {
          const start = starts.get(request);
          if (start !== undefined) globalThis.benchPolls.push(performance.now() - start);
        });
      }
      return true;
    })()`,
  );
}

/** The event loop's delay and the collections since `startLoopFigures`. */
export async function readLoopFigures(port: number): Promise<LoopFigures> {
  return evaluate(
    port,
    `(() => {
      const histogram = globalThis.benchLoopDelay;
      const gc = globalThis.benchGc;
      return {
        maxDelayMs: histogram.max / 1e6 - ${LOOP_RESOLUTION_MS},
        p99DelayMs: histogram.percentile(99) / 1e6 - ${LOOP_RESOLUTION_MS},
        collections: gc.count,
        fullCollections: gc.full,
        collectionMs: gc.ms,
        longestCollectionMs: gc.longestMs,
        pollsInServerMs: [...globalThis.benchPolls].sort((a, b) => a - b),
      };
    })()`,
  );
}

/** Where the server's memory is (MB): the JS heap as allocated (used or not) and outside it. */
export async function memoryParts(port: number): Promise<Record<string, number>> {
  return evaluate(
    port,
    `(() => {
      const usage = process.memoryUsage();
      const mb = (bytes) => Math.round(bytes / 1024 / 102.4) / 10;
      return {
        rss: mb(usage.rss),
        heapTotal: mb(usage.heapTotal),
        heapUsed: mb(usage.heapUsed),
        external: mb(usage.external),
        arrayBuffers: mb(usage.arrayBuffers),
      };
    })()`,
  );
}

/** The server's JS heap in use (MB) right after a full garbage collection. */
export async function heapAfterGcMegabytes(port: number): Promise<number> {
  return inspect(port, async (call) => {
    await call('HeapProfiler.collectGarbage');
    const { usedSize } = (await call('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize / 1024 / 1024;
  });
}
