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

type InspectorCall = (method: string, params?: object) => Promise<Record<string, unknown>>;

/** An inspector session in the server; what it starts (a sampling) ends when it closes. */
async function openInspector(port: number): Promise<{ call: InspectorCall; close: () => void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const call: InspectorCall = (method, params = {}) =>
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
  return { call, close: () => socket.close() };
}

/** Runs inspector methods in the server, one short-lived session per call. */
async function inspect<T>(port: number, work: (call: InspectorCall) => Promise<T>): Promise<T> {
  const { call, close } = await openInspector(port);
  try {
    return await work(call);
  } finally {
    close();
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
  /** collections that paused the loop 5 ms or more, by kind (minor, major, incremental, weakcb) */
  longCollections: Record<string, number[]>;
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
      const gc = { count: 0, full: 0, ms: 0, longestMs: 0, long: {} };
      globalThis.benchGc = gc;
      globalThis.benchGcObserver ??= new hooks.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const now = globalThis.benchGc;
          now.count += 1;
          if (entry.detail?.kind === hooks.constants.NODE_PERFORMANCE_GC_MAJOR) now.full += 1;
          now.ms += entry.duration;
          now.longestMs = Math.max(now.longestMs, entry.duration);
          if (entry.duration >= 5) {
            const kinds = { [hooks.constants.NODE_PERFORMANCE_GC_MINOR]: 'minor', [hooks.constants.NODE_PERFORMANCE_GC_MAJOR]: 'major', [hooks.constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental', [hooks.constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb' };
            const kind = kinds[entry.detail?.kind] ?? 'other';
            (now.long[kind] ??= []).push(Math.round(entry.duration * 10) / 10);
          }
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
        longCollections: gc.long,
        pollsInServerMs: [...globalThis.benchPolls].sort((a, b) => a - b),
      };
    })()`,
  );
}

/**
 * Where the server's memory is (MB): the JS heap as allocated (used or not) and outside it, and
 * the heap's spaces as held in memory (physical): the young generation (`newSpace`, its two
 * semi-spaces) apart from the old one, since they grow and shrink for different reasons.
 */
export async function memoryParts(port: number): Promise<Record<string, number>> {
  return evaluate(
    port,
    `(() => {
      const usage = process.memoryUsage();
      const mb = (bytes) => Math.round(bytes / 1024 / 102.4) / 10;
      const spaces = Object.fromEntries(
        process.getBuiltinModule('node:v8').getHeapSpaceStatistics()
          .map((space) => [space.space_name, space.physical_space_size]),
      );
      return {
        rss: mb(usage.rss),
        heapTotal: mb(usage.heapTotal),
        heapUsed: mb(usage.heapUsed),
        external: mb(usage.external),
        arrayBuffers: mb(usage.arrayBuffers),
        newSpace: mb(spaces.new_space ?? 0),
        oldSpace: mb(spaces.old_space ?? 0),
        codeSpace: mb(spaces.code_space ?? 0),
        largeObjects: mb((spaces.large_object_space ?? 0) + (spaces.new_large_object_space ?? 0)),
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

/**
 * Starts V8's sampling heap profiler in the server. `all` counts what collections free too:
 * where the allocations that drive the collections come from; `promoted` what survived the
 * young collections (what fills the old generation and sets off its full collections); `live`
 * what is still held at the end. The answer stops
 * it and lists the `top` allocating functions (MB sampled, share of all).
 */
export async function startAllocationSampling(
  port: number,
  /**
   * `all`: every allocation, freed or not; `promoted`: what outlived the young generation (held
   * still or freed by a full collection since); `live`: only what is still held when it stops
   */
  which: 'all' | 'promoted' | 'live',
): Promise<(top?: number) => Promise<AllocationFigures>> {
  const session = await openInspector(port);
  await session.call('HeapProfiler.enable');
  await session.call('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: which !== 'live',
    includeObjectsCollectedByMinorGC: which === 'all',
  });
  return async (top = 25) => {
    try {
      const { profile } = (await session.call('HeapProfiler.stopSampling')) as {
        profile: { head: SamplingNode };
      };
      return { top: topAllocationSites(profile.head, top), profile };
    } finally {
      session.close();
    }
  };
}

export interface AllocationFigures {
  top: Array<{ where: string; megabytes: number; share: number }>;
  /** the whole profile, for Chrome DevTools' Memory tab (a `.heapprofile` file) */
  profile: object;
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

function topAllocationSites(head: SamplingNode, top: number) {
  const bySite = new Map<string, number>();
  let total = 0;
  const visit = (node: SamplingNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '~/').replace(/^.*\/apps\//, 'apps/');
    const where = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    bySite.set(where, (bySite.get(where) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(visit);
  };
  visit(head);
  return [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, bytes]) => ({ where, megabytes: bytes / 1024 / 1024, share: bytes / total }));
}
