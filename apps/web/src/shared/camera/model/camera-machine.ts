import { getDeadlines } from '../../../config/deadlines';

/**
 * The camera's polling state machine (spec part 1 §4 "Camera states", §9). Pure but for the
 * deadlines in force (getDeadlines): the hook that drives it owns the timers, the requests and
 * the image.
 */
export const CAMERA_TIMING = {
  fastMs: 300,
  slowMs: 3000,
  failingMs: 1000,
  /** 408 answers counted (state connecting) before the placeholder and offline */
  maxTimeoutRetries: 10,
  lightLockMs: 4000,
  // ticks with the device offline before the camera says offline, the snapshot request's
  // deadline (the server answers 408 after 5 s, but the browser resends a 408 by itself, so the
  // app might never see one) and the stale frame's bound: getDeadlines(), a test server's shorter
} as const;

export const CAMERA_PLACEHOLDER_SIZE = { width: 640, height: 480 } as const;

export type CameraStatus =
  'ok' | 'connecting' | 'disabled' | 'none' | 'error' | 'offline' | 'downloading';

export interface CameraState {
  status: Exclude<CameraStatus, 'disabled' | 'none' | 'downloading'>;
  /** ETag of the image shown, sent back as If-None-Match */
  etag: string | null;
  /** false: the placeholder shows */
  hasImage: boolean;
  timeoutRetries: number;
  offlineTicks: number;
  /**
   * What the offline status stands for: the camera stopped answering, the device is not
   * connected to its printer (OctoPrint/Klipper disconnected), or the device itself is offline.
   */
  offlineReason: 'camera' | 'disconnected' | 'deviceOffline' | 'liveviewOff' | null;
  lastAnswer: 'image' | 'notModified' | 'failed' | 'disconnected' | null;
  /** when the server last said the image shown is current (a 200 or a 304), in ms */
  confirmedAt: number | null;
}

export type CameraEvent =
  | { type: 'image'; etag: string | null; at: number }
  | { type: 'notModified'; at: number }
  | { type: 'timeout' }
  /** any other failed answer; a printer disconnected from its device explains it */
  | { type: 'failure'; isPrinterDisconnected?: boolean }
  /** the printer serves no stream until "LAN Only Liveview" is turned on at its screen */
  | { type: 'liveviewOff' }
  | { type: 'deviceOffline' };

export const INITIAL_CAMERA_STATE: CameraState = {
  status: 'connecting',
  etag: null,
  hasImage: false,
  timeoutRetries: 0,
  offlineTicks: 0,
  offlineReason: null,
  lastAnswer: null,
  confirmedAt: null,
};

const toPlaceholder = (
  state: CameraState,
  offlineReason: NonNullable<CameraState['offlineReason']>,
): CameraState => ({
  ...state,
  status: 'offline',
  hasImage: false,
  etag: null,
  offlineReason,
});

export function reduceCamera(state: CameraState, event: CameraEvent): CameraState {
  switch (event.type) {
    case 'image':
      return {
        status: 'ok',
        etag: event.etag,
        hasImage: true,
        timeoutRetries: 0,
        offlineTicks: 0,
        offlineReason: null,
        lastAnswer: 'image',
        confirmedAt: event.at,
      };
    case 'notModified':
      return {
        ...state,
        status: state.hasImage ? 'ok' : 'connecting',
        timeoutRetries: 0,
        offlineTicks: 0,
        lastAnswer: 'notModified',
        confirmedAt: event.at,
      };
    case 'timeout': {
      const retries = state.timeoutRetries + 1;
      const next: CameraState = {
        ...state,
        status: 'connecting',
        timeoutRetries: retries,
        lastAnswer: 'failed',
      };
      return retries > CAMERA_TIMING.maxTimeoutRetries ? toPlaceholder(next, 'camera') : next;
    }
    case 'failure':
      // a disconnected printer's camera is not an error: it says so and is asked slowly
      return event.isPrinterDisconnected
        ? { ...toPlaceholder(state, 'disconnected'), lastAnswer: 'disconnected' }
        : { ...state, status: 'error', lastAnswer: 'failed' };
    case 'liveviewOff':
      // a setting at the printer, not a fault: said as such and asked slowly, as a disconnected one
      return { ...toPlaceholder(state, 'liveviewOff'), lastAnswer: 'disconnected' };
    case 'deviceOffline': {
      const ticks = state.offlineTicks + 1;
      const next: CameraState = {
        ...state,
        status: 'connecting',
        offlineTicks: ticks,
        lastAnswer: 'failed',
      };
      return ticks >= getDeadlines().camera_offline_ticks
        ? toPlaceholder(next, 'deviceOffline')
        : next;
    }
  }
}

export interface CameraConditions {
  isEnabled: boolean;
  isDeviceOnline: boolean;
  isDownloading: boolean;
  isPageHidden: boolean;
  /** another modal than the camera's own fullscreen view is open */
  isModalOpen: boolean;
  /** scrolled out of view: a list of many cameras asks only for the ones a person sees */
  isOffscreen: boolean;
}

/** What one tick does: ask for a frame, count an offline tick, or wait (paused). */
export function getTickAction(conditions: CameraConditions): 'request' | 'offlineTick' | 'pause' {
  const isUnseen = conditions.isPageHidden || conditions.isModalOpen || conditions.isOffscreen;
  if (!conditions.isEnabled || isUnseen) return 'pause';
  return conditions.isDeviceOnline ? 'request' : 'offlineTick';
}

/**
 * Once the camera says the device is offline, nothing more is asked until the device is back
 * online (its state polling tells): the page does not tick every second for a device away.
 */
export function shouldKeepPolling(state: CameraState, isDeviceOnline: boolean): boolean {
  return isDeviceOnline || state.offlineReason !== 'deviceOffline';
}

/** 1000 ms while failing; 300 ms after a 304, hovered or fullscreen; 3000 ms otherwise. */
export function getNextDelay(
  state: CameraState,
  view: { isHovered: boolean; isFullscreen: boolean },
): number {
  if (state.lastAnswer === 'failed') return CAMERA_TIMING.failingMs;
  if (state.lastAnswer === 'disconnected') return CAMERA_TIMING.slowMs;
  if (state.lastAnswer === 'notModified' || view.isHovered || view.isFullscreen) {
    return CAMERA_TIMING.fastMs;
  }
  return CAMERA_TIMING.slowMs;
}

/** The status shown: disabled and downloading come from the printer, the rest from polling. */
export function getDisplayStatus(
  state: CameraState,
  printer: { isEnabled: boolean; hasCamera?: boolean; isDownloading: boolean },
): CameraStatus {
  if (!printer.isEnabled) return 'disabled';
  if (printer.hasCamera === false) return 'none';
  if (printer.isDownloading) return 'downloading';
  return state.status;
}

/**
 * How old the image shown is, once it is stale (not confirmed current for camera_stale_frame_ms), in
 * ms; null while it is fresh or there is none. A stale image reads as connecting, not live.
 */
export function getStaleFrameAge(state: CameraState, nowMs: number): number | null {
  if (!state.hasImage || state.confirmedAt === null) return null;
  const age = nowMs - state.confirmedAt;
  return age >= getDeadlines().camera_stale_frame_ms ? age : null;
}

/** Fullscreen is blocked while the printer downloads a print file. */
export function canOpenFullscreen(status: CameraStatus): boolean {
  return status !== 'downloading' && status !== 'disabled' && status !== 'none';
}

/** The light toggle stays locked for 4 s after a press. */
export function isLightLocked(lastPressAt: number | null, nowMs: number): boolean {
  return lastPressAt !== null && nowMs - lastPressAt < CAMERA_TIMING.lightLockMs;
}

/** Spectoda's flashlight toggles between 0 and 100 percent on each call. */
export function nextFlashlightPercentage(current: number): 0 | 100 {
  return current > 0 ? 0 : 100;
}

/** Rotation as a CSS transform; 90 and 270 also swap the frame's sides. */
export function getRotationStyle(rotation: number): { transform: string; isSideways: boolean } {
  const normalized = ((rotation % 360) + 360) % 360;
  return {
    transform: normalized === 0 ? 'none' : `rotate(${normalized}deg)`,
    isSideways: normalized === 90 || normalized === 270,
  };
}
