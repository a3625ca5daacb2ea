import {
  PrinterDeviceStateSchema,
  StatesDeltaSchema,
  StatesSnapshotSchema,
  applyStatesDelta,
  type PrinterDeviceState,
} from '@printdeck/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import {
  deviceStatesQueryKey,
  markDeviceStatesFresh,
  readRememberedEtag,
  rememberDeviceStates,
} from './get-device-states';
import { readStreamEvents } from './read-stream-events';

/** A stream silent this long (the server pings every 5 s) is taken as lost. */
const SILENCE_MS = 15_000;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

interface Connection {
  users: number;
  isLive: boolean;
  stop: AbortController;
}

const connections = new Map<number, Connection>();
const liveListeners = new Set<() => void>();

/** True while the workspace's stream delivers (polling then stops: no double fetching). */
export function isStatesStreamLive(workspaceId: number): boolean {
  return connections.get(workspaceId)?.isLive ?? false;
}

export function onStatesStreamLiveChange(listener: () => void): () => void {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
}

function setLive(connection: Connection, isLive: boolean): void {
  if (connection.isLive === isLive) return;
  connection.isLive = isLive;
  for (const listener of liveListeners) listener();
}

const withoutWeak = (etag: string | null) => etag?.replace(/^W\//, '') ?? null;

/**
 * A delta names only the changed values (version 2): patched onto the cached list, each patched
 * printer checked against the schema as a whole answer would be. A delta for another list than
 * the one held (a poll answered meanwhile) ends the stream: it opens again with the held ETag
 * and gets a snapshot.
 */
function applyDelta(queryClient: QueryClient, workspaceId: number, data: unknown): void {
  const delta = StatesDeltaSchema.parse(data);
  if (withoutWeak(readRememberedEtag(workspaceId)) !== withoutWeak(delta.base))
    throw new Error('states stream: a delta for another list than the one held');
  const key = deviceStatesQueryKey(workspaceId);
  const current = queryClient.getQueryData<PrinterDeviceState[]>(key) ?? [];
  const { states, patched } = applyStatesDelta(current, delta);
  const checked = new Map(
    patched.map((state) => [state.printer_id, PrinterDeviceStateSchema.parse(state)]),
  );
  const next = states.map((state) => checked.get(state.printer_id) ?? state);
  queryClient.setQueryData(key, next);
  rememberDeviceStates(workspaceId, delta.etag, next);
}

function applyMessage(queryClient: QueryClient, workspaceId: number, name: string, text: string) {
  const data: unknown = JSON.parse(text);
  if (name === 'snapshot') {
    const snapshot = StatesSnapshotSchema.parse(data);
    queryClient.setQueryData(deviceStatesQueryKey(workspaceId), snapshot.states);
    rememberDeviceStates(workspaceId, snapshot.etag, snapshot.states);
  } else if (name === 'delta') applyDelta(queryClient, workspaceId, data);
}

/** One stream until it ends or falls silent; resolves when it does, throws when it cannot open. */
async function readStream(
  queryClient: QueryClient,
  workspaceId: number,
  signal: AbortSignal,
  onMessage: () => void,
) {
  const stop = new AbortController();
  const onStop = () => stop.abort();
  signal.addEventListener('abort', onStop);
  let silence = setTimeout(onStop, SILENCE_MS);
  try {
    const etag = readRememberedEtag(workspaceId);
    const response = await apiClient.requestResponse({
      path: apiPath('/groups/{g}/devices-states/stream/', { g: workspaceId }),
      signal: stop.signal,
      headers: { Accept: 'text/event-stream', ...(etag ? { 'If-None-Match': etag } : {}) },
    });
    if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      clearTimeout(silence);
      silence = setTimeout(onStop, SILENCE_MS);
      rest = readStreamEvents(rest + value, (message) => {
        if (message.kind === 'event')
          applyMessage(queryClient, workspaceId, message.name, message.data);
        markDeviceStatesFresh(workspaceId);
        onMessage();
      });
    }
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', onStop);
  }
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function waitVisible(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (document.visibilityState === 'hidden' && !signal.aborted) return;
      document.removeEventListener('visibilitychange', check);
      resolve();
    };
    document.addEventListener('visibilitychange', check);
    signal.addEventListener('abort', check, { once: true });
    check();
  });
}

/**
 * Keeps the stream open while the tab is visible (a hidden tab closes it, as polling pauses,
 * and comes back with its ETag: `unchanged` or a snapshot), and opens it again after a failure,
 * waiting longer each time; the poll stands in meanwhile.
 */
async function runConnection(
  queryClient: QueryClient,
  workspaceId: number,
  connection: Connection,
) {
  let failures = 0;
  const { signal } = connection.stop;
  while (!signal.aborted) {
    await waitVisible(signal);
    if (signal.aborted) return;
    const hide = new AbortController();
    const onHidden = () => document.visibilityState === 'hidden' && hide.abort();
    document.addEventListener('visibilitychange', onHidden);
    try {
      const both = AbortSignal.any([signal, hide.signal]);
      await readStream(queryClient, workspaceId, both, () => setLive(connection, true));
      failures = connection.isLive ? 0 : failures + 1;
    } catch {
      failures = connection.isLive ? 0 : failures + 1;
    } finally {
      document.removeEventListener('visibilitychange', onHidden);
    }
    setLive(connection, false);
    if (!hide.signal.aborted)
      await waitFor(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!, signal);
  }
}

/** Joins (or opens) the workspace's stream; the returned function leaves it. */
export function joinStatesStream(queryClient: QueryClient, workspaceId: number): () => void {
  let connection = connections.get(workspaceId);
  if (!connection) {
    connection = { users: 0, isLive: false, stop: new AbortController() };
    connections.set(workspaceId, connection);
    void runConnection(queryClient, workspaceId, connection);
  }
  connection.users += 1;
  const joined = connection;
  return () => {
    joined.users -= 1;
    if (joined.users > 0) return;
    joined.stop.abort();
    connections.delete(workspaceId);
    setLive(joined, false);
  };
}
