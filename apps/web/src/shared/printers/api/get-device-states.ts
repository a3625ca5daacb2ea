import { PrinterDeviceStateSchema, TIMING, type PrinterDeviceState } from '@printdeck/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { apiClient } from '../../../api/client';
import { apiPath } from '../../../api/contract';
import { BACKGROUND_ERRORS } from '../../../api/query-meta';
import { getDeadlines } from '../../../config/deadlines';
import {
  isStatesStreamLive,
  joinStatesStream,
  onStatesStreamLiveChange,
} from './device-states-stream';

export const deviceStatesQueryKey = (workspaceId: number) =>
  ['groups', workspaceId, 'devices-states'] as const;

/** The last answer per workspace: the poll asks for it again only when it changed (ETag). */
const lastAnswers = new Map<number, { etag: string; states: PrinterDeviceState[] }>();

/** Lists the stream delivered per workspace: a poll sent before one of them answers older. */
const streamDeliveries = new Map<number, number>();

/** The stream's list and its ETag: the poll that stands in for it asks only for what changed. */
export function rememberDeviceStates(
  workspaceId: number,
  etag: string,
  states: PrinterDeviceState[],
): void {
  lastAnswers.set(workspaceId, { etag, states });
  streamDeliveries.set(workspaceId, (streamDeliveries.get(workspaceId) ?? 0) + 1);
}

export function readRememberedEtag(workspaceId: number): string | null {
  return lastAnswers.get(workspaceId)?.etag ?? null;
}

export async function getDeviceStates(
  workspaceId: number,
  signal?: AbortSignal,
): Promise<PrinterDeviceState[]> {
  const last = lastAnswers.get(workspaceId);
  const deliveriesBefore = streamDeliveries.get(workspaceId) ?? 0;
  // a poll unanswered this long failed as a lost connection would: a server that stopped
  // answering (a dropped network, not a refused one) must not leave the states looking live
  const deadline = AbortSignal.timeout(getDeadlines().device_states_timeout_ms);
  const answer = await apiClient.requestConditional({
    path: apiPath('/groups/{g}/devices-states/', { g: workspaceId }),
    schema: z.array(PrinterDeviceStateSchema),
    // the deadline's TimeoutError reaches the client as a network failure (no answer)
    signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
    etag: last?.etag ?? null,
  });
  // The stream delivered while this poll was on its way (the page opens both at once): its list
  // is as new as the poll's or newer, and its next delta builds on it. The poll's list would
  // replace it and, the poll resting while the stream lives, stay on show until the next change
  // (an idle fleet: a printer shown offline for good).
  const streamed = lastAnswers.get(workspaceId);
  if (streamed && (streamDeliveries.get(workspaceId) ?? 0) !== deliveriesBefore) {
    return streamed.states;
  }
  if (!answer.isModified) {
    if (last) return last.states;
    throw new Error('devices-states answered 304 to a request without an ETag');
  }
  if (answer.etag) lastAnswers.set(workspaceId, { etag: answer.etag, states: answer.data });
  else lastAnswers.delete(workspaceId);
  return answer.data;
}

/**
 * Changes arrive over the workspace's stream (device-states-stream.ts); while it is down the
 * list is polled every 2 s, only while the page is visible (TanStack pauses interval refetches
 * of a hidden page). Maintenance or a lost network opens the modal, as a click would; any other
 * failed poll tells nobody: the states go stale and the spinners show.
 */
export function getDeviceStatesQueryOptions(workspaceId: number, isStreamLive = false) {
  return queryOptions({
    queryKey: deviceStatesQueryKey(workspaceId),
    queryFn: ({ signal }) => getDeviceStates(workspaceId, signal),
    refetchInterval: isStreamLive ? false : TIMING.deviceStatePollMs,
    refetchOnWindowFocus: !isStreamLive,
    refetchIntervalInBackground: false,
    staleTime: 0,
    meta: BACKGROUND_ERRORS,
  });
}

const lastUpdates = new Map<number, number>();

/** The stream spoke (a change or its heartbeat): the states shown are current. */
export function markDeviceStatesFresh(workspaceId: number): void {
  lastUpdates.set(workspaceId, Date.now());
}

/** When this page last received the workspace's device states (0: never). */
export function getLastDeviceStatesAt(workspaceId: number): number {
  return lastUpdates.get(workspaceId) ?? 0;
}

export function useDeviceStates(workspaceId: number) {
  const queryClient = useQueryClient();
  useEffect(() => joinStatesStream(queryClient, workspaceId), [queryClient, workspaceId]);
  const isStreamLive = useSyncExternalStore(onStatesStreamLiveChange, () =>
    isStatesStreamLive(workspaceId),
  );
  const query = useQuery(getDeviceStatesQueryOptions(workspaceId, isStreamLive));
  const { dataUpdatedAt } = query;
  // Kept aside so that each card's 500 ms staleness check is a map read, not a cache lookup.
  useEffect(() => {
    if (dataUpdatedAt > 0) lastUpdates.set(workspaceId, dataUpdatedAt);
  }, [workspaceId, dataUpdatedAt]);
  return query;
}
