import {
  STATES_STREAM_VERSION,
  computeStatesDelta,
  isEmptyStatesDelta,
  type PrinterDeviceState,
} from '@printdeck/shared';
import { weakEtagOf } from '../../http/etag.js';
import { formatStreamEvent, readShownKey } from './device-states-shown.js';

/** One browser tab (or API client) reading a workspace's states. */
export interface StatesListener {
  /** writes one chunk; false when the client fell too far behind (it is then closed) */
  write(chunk: string): boolean;
  close(): void;
  /** false once the caller may no longer read the workspace (signed out, removed, key revoked) */
  isAllowed(): Promise<boolean>;
}

export interface StatesStreamTiming {
  /** changes within this window go out as one delta: one read per workspace, whatever the tabs */
  flushMs: number;
  /** a comment this often keeps proxies from closing a quiet stream and tells the tab it lives */
  heartbeatMs: number;
  /** each listener's access checked again this often (and closed when it is gone) */
  recheckMs: number;
  /** read again this often without a device change (printers added or removed, a job ending) */
  resyncMs: number;
}

export const STATES_STREAM_TIMING: StatesStreamTiming = {
  flushMs: 500,
  heartbeatMs: 5000,
  recheckMs: 15_000,
  resyncMs: 30_000,
};

interface Feed {
  listeners: Set<StatesListener>;
  /** what the listeners were told, per printer, in the list's order */
  shown: Map<number, PrinterDeviceState>;
  /** each told printer's readShownKey */
  shownKeys: Map<number, string>;
  deviceKeyIds: Set<number>;
  etag: string;
  ready: Promise<void>;
  timer: NodeJS.Timeout | null;
  isReading: boolean;
  isDirty: boolean;
}

/**
 * Printer states as a stream of changes (issue 31): per workspace, one read of the live states
 * after a device changes (at most one per `flushMs`, shared by every listener on this
 * instance), compared with what was told, and only the values of the printers whose shown
 * values changed go out (field deltas, device-states-delta.ts). Device changes arrive from LiveDevices, which mirrors the other instances' devices
 * through the device bus, so a change on instance A reaches a tab on instance B.
 */
export function createDeviceStatesStream(deps: {
  onAnyChange(listener: (deviceKeyId: number) => void): void;
  readDeviceStates(
    workspaceId: number,
  ): Promise<{ states: PrinterDeviceState[]; deviceKeyIds: number[] }>;
  timing?: StatesStreamTiming;
  onError?: (error: unknown) => void;
  /**
   * Maintenance mode: the streams end at the next heartbeat, so a tab only watching is told
   * (its fallback poll meets the 503 that opens the maintenance modal, as a click would).
   */
  isInMaintenance?: () => boolean;
}) {
  const timing = deps.timing ?? STATES_STREAM_TIMING;
  const feeds = new Map<number, Feed>();
  let isShutDown = false;

  deps.onAnyChange((deviceKeyId) => {
    for (const [workspaceId, feed] of feeds)
      if (feed.deviceKeyIds.has(deviceKeyId)) scheduleRead(workspaceId, feed);
  });

  function scheduleRead(workspaceId: number, feed: Feed): void {
    if (feed.isReading) feed.isDirty = true;
    else feed.timer ??= setTimeout(() => void readFeed(workspaceId, feed), timing.flushMs);
  }

  async function readFeed(workspaceId: number, feed: Feed): Promise<void> {
    feed.timer = null;
    feed.isReading = true;
    feed.isDirty = false;
    try {
      const { states, deviceKeyIds } = await deps.readDeviceStates(workspaceId);
      feed.deviceKeyIds = new Set(deviceKeyIds);
      const shownKeys = new Map(states.map((state) => [state.printer_id, readShownKey(state)]));
      // a printer whose shown values are the same keeps what it was told (and its tab's copy)
      const next = states.map((state) =>
        feed.shownKeys.get(state.printer_id) === shownKeys.get(state.printer_id)
          ? feed.shown.get(state.printer_id)!
          : state,
      );
      const delta = computeStatesDelta([...feed.shown.values()], next);
      if (isEmptyStatesDelta(delta)) return;
      feed.shown = new Map(next.map((state) => [state.printer_id, state]));
      feed.shownKeys = shownKeys;
      const base = feed.etag;
      feed.etag = weakEtagOf(next);
      const event = { v: STATES_STREAM_VERSION, base, etag: feed.etag, ...delta };
      broadcast(feed, formatStreamEvent('delta', event));
    } catch (error) {
      deps.onError?.(error);
    } finally {
      feed.isReading = false;
      if (feed.isDirty && feeds.get(workspaceId) === feed) scheduleRead(workspaceId, feed);
    }
  }

  function broadcast(feed: Feed, chunk: string): void {
    for (const listener of feed.listeners) if (!listener.write(chunk)) drop(feed, listener);
  }

  function drop(feed: Feed, listener: StatesListener): void {
    feed.listeners.delete(listener);
    listener.close();
  }

  function openFeed(workspaceId: number): Feed {
    const existing = feeds.get(workspaceId);
    if (existing) return existing;
    const feed: Feed = {
      listeners: new Set(),
      shown: new Map(),
      shownKeys: new Map(),
      deviceKeyIds: new Set(),
      etag: weakEtagOf([]),
      ready: Promise.resolve(),
      timer: null,
      isReading: false,
      isDirty: false,
    };
    feed.ready = readFeed(workspaceId, feed);
    feeds.set(workspaceId, feed);
    return feed;
  }

  function endStreams(): void {
    for (const feed of feeds.values()) {
      if (feed.timer) clearTimeout(feed.timer);
      for (const listener of feed.listeners) listener.close();
      feed.listeners.clear();
    }
    feeds.clear();
  }

  const heartbeat = setInterval(() => {
    if (deps.isInMaintenance?.()) endStreams();
    for (const feed of feeds.values()) broadcast(feed, ': ping\n\n');
  }, timing.heartbeatMs);
  const recheck = setInterval(() => void recheckListeners(), timing.recheckMs);
  const resync = setInterval(() => {
    for (const [workspaceId, feed] of feeds) scheduleRead(workspaceId, feed);
  }, timing.resyncMs);
  for (const timer of [heartbeat, recheck, resync]) timer.unref();

  async function recheckListeners(): Promise<void> {
    for (const feed of feeds.values()) {
      for (const listener of [...feed.listeners]) {
        const isAllowed = await listener.isAllowed().catch(() => true);
        if (!isAllowed) drop(feed, listener);
      }
    }
  }

  return {
    /**
     * Adds a listener: the whole list first, or `unchanged` when the caller's ETag (from the
     * poll or an earlier stream) names what it holds; then deltas. Returns the removal.
     */
    async subscribe(
      workspaceId: number,
      listener: StatesListener,
      etag: string | null,
    ): Promise<() => void> {
      const feed = openFeed(workspaceId);
      await feed.ready;
      // the server began to close while the list was read: this stream would hold its close
      if (isShutDown) {
        listener.close();
        return () => undefined;
      }
      const first =
        etag !== null && etag.replace(/^W\//, '') === feed.etag.replace(/^W\//, '')
          ? formatStreamEvent('unchanged', { v: STATES_STREAM_VERSION, etag: feed.etag })
          : formatStreamEvent('snapshot', {
              v: STATES_STREAM_VERSION,
              etag: feed.etag,
              states: [...feed.shown.values()],
            });
      feed.listeners.add(listener);
      if (!listener.write(first)) drop(feed, listener);
      return () => {
        feed.listeners.delete(listener);
        if (feed.listeners.size > 0 || feeds.get(workspaceId) !== feed) return;
        if (feed.timer) clearTimeout(feed.timer);
        feeds.delete(workspaceId);
      };
    },

    /** How many listeners this instance serves (tests, metrics). */
    countListeners(): number {
      let count = 0;
      for (const feed of feeds.values()) count += feed.listeners.size;
      return count;
    },

    /** Closes every stream (shutdown: an open stream would hold the server's close). */
    closeAll(): void {
      isShutDown = true;
      clearInterval(heartbeat);
      clearInterval(recheck);
      clearInterval(resync);
      endStreams();
    },
  };
}
