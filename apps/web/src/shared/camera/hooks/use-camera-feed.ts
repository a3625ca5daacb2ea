import { useEffect, useRef, useState } from 'react';
import { getSnapshot, type SnapshotAnswer } from '../api/get-snapshot';
import { getDeadlines } from '../../../config/deadlines';
import {
  INITIAL_CAMERA_STATE,
  getNextDelay,
  getTickAction,
  reduceCamera,
  shouldKeepPolling,
  type CameraEvent,
  type CameraState,
} from '../model/camera-machine';
import { isOtherModalOpen } from './modal-detection';

export interface CameraFeedInput {
  printerId: number;
  isEnabled: boolean;
  isDeviceOnline: boolean;
  /** the device is connected to its printer: a failed frame of an unpaired one is no error */
  isPrinterPaired: boolean;
  isDownloading: boolean;
  isHovered: boolean;
  isFullscreen: boolean;
  isInViewport: boolean;
  /** the camera's own dialogs carry this id, so that they do not pause it */
  ownerId: string;
}

function toEvent(answer: SnapshotAnswer): CameraEvent {
  switch (answer.kind) {
    case 'image':
      return { type: 'image', etag: answer.etag, at: Date.now() };
    case 'notModified':
      return { type: 'notModified', at: Date.now() };
    case 'timeout':
      return { type: 'timeout' };
    case 'failure':
      return { type: 'failure' };
    case 'liveviewOff':
      return { type: 'liveviewOff' };
  }
}

function withPrinter(event: CameraEvent, isPrinterPaired: boolean): CameraEvent {
  return event.type === 'failure' && !isPrinterPaired
    ? { type: 'failure', isPrinterDisconnected: true }
    : event;
}

/**
 * Drives the camera state machine: one request at a time, the next one scheduled by the
 * machine's interval; paused while the page is hidden or another modal is open.
 */
export function useCameraFeed(input: CameraFeedInput): {
  state: CameraState;
  imageUrl: string | null;
} {
  const [state, setState] = useState<CameraState>(INITIAL_CAMERA_STATE);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const latest = useRef(input);
  const wake = useRef<() => void>(() => undefined);

  useEffect(() => {
    latest.current = input;
  });

  // Hovered, fullscreen or scrolled into view: ask now rather than at the next slow tick.
  useEffect(() => {
    if (input.isHovered || input.isFullscreen || input.isInViewport) wake.current();
  }, [input.isHovered, input.isFullscreen, input.isInViewport]);

  // A device back online: the camera, which stopped asking while it was away, asks again.
  useEffect(() => {
    if (input.isDeviceOnline) wake.current();
  }, [input.isDeviceOnline]);

  const { printerId, isEnabled } = input;
  useEffect(() => {
    if (!isEnabled) return undefined;
    const abort = new AbortController();
    let current = INITIAL_CAMERA_STATE;
    let url: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isInFlight = false;

    const showImage = (next: string | null) => {
      if (url) URL.revokeObjectURL(url);
      url = next;
      setImageUrl(next);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void tick(), getNextDelay(current, latest.current));
    };
    const apply = (event: CameraEvent) => {
      current = reduceCamera(current, event);
      if (!current.hasImage && url) showImage(null);
      setState(current);
    };

    async function tick() {
      const conditions = latest.current;
      const action = getTickAction({
        isEnabled: true,
        isDeviceOnline: conditions.isDeviceOnline,
        isDownloading: conditions.isDownloading,
        isPageHidden: document.visibilityState === 'hidden',
        isModalOpen: isOtherModalOpen(conditions.ownerId),
        isOffscreen: !conditions.isInViewport && !conditions.isFullscreen,
      });
      if (action === 'offlineTick') apply({ type: 'deviceOffline' });
      if (action === 'request') {
        isInFlight = true;
        const deadline = AbortSignal.timeout(getDeadlines().camera_request_timeout_ms);
        try {
          const signal = AbortSignal.any([abort.signal, deadline]);
          const answer = await getSnapshot({ printerId, etag: current.etag, signal });
          if (abort.signal.aborted) return;
          if (answer.kind === 'image') showImage(URL.createObjectURL(answer.blob));
          apply(withPrinter(toEvent(answer), latest.current.isPrinterPaired));
        } catch {
          if (abort.signal.aborted) return;
          // unanswered in time: a 408 the browser kept to itself
          if (deadline.aborted) apply({ type: 'timeout' });
          else apply(withPrinter({ type: 'failure' }, latest.current.isPrinterPaired));
        } finally {
          isInFlight = false;
        }
      }
      if (shouldKeepPolling(current, latest.current.isDeviceOnline)) schedule();
    }

    wake.current = () => {
      if (!isInFlight) void tick();
    };
    void tick();
    return () => {
      abort.abort();
      clearTimeout(timer);
      wake.current = () => undefined;
      if (url) URL.revokeObjectURL(url);
      setImageUrl(null);
      setState(INITIAL_CAMERA_STATE);
    };
  }, [printerId, isEnabled]);

  return { state, imageUrl };
}
