import { TEST_WEB_DEADLINES, WEB_DEADLINES } from '@printdeck/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerDeadlines } from '../../../config/deadlines';
import {
  CAMERA_TIMING,
  INITIAL_CAMERA_STATE,
  canOpenFullscreen,
  getDisplayStatus,
  getNextDelay,
  getRotationStyle,
  getStaleFrameAge,
  getTickAction,
  isLightLocked,
  shouldKeepPolling,
  nextFlashlightPercentage,
  reduceCamera,
  type CameraEvent,
  type CameraState,
} from './camera-machine';

const run = (events: CameraEvent[], from: CameraState = INITIAL_CAMERA_STATE) =>
  events.reduce(reduceCamera, from);
const repeat = (event: CameraEvent, times: number) => Array.from({ length: times }, () => event);
const still = { isHovered: false, isFullscreen: false };

describe('camera answers', () => {
  it('starts connecting, without an image', () => {
    expect(INITIAL_CAMERA_STATE).toMatchObject({ status: 'connecting', hasImage: false });
  });

  it('stores the image and its ETag on 200', () => {
    expect(run([{ type: 'image', etag: '"a"', at: 0 }])).toMatchObject({
      status: 'ok',
      etag: '"a"',
      hasImage: true,
    });
  });

  it('keeps the image and its ETag on 304', () => {
    const state = run([
      { type: 'image', etag: '"a"', at: 0 },
      { type: 'notModified', at: 0 },
    ]);
    expect(state).toMatchObject({ status: 'ok', etag: '"a"', hasImage: true });
  });

  it('counts 408 answers as connecting up to 10 retries, then shows the placeholder, offline', () => {
    const shown = run([{ type: 'image', etag: '"a"', at: 0 }]);
    const tenth = run(repeat({ type: 'timeout' }, CAMERA_TIMING.maxTimeoutRetries), shown);
    expect(tenth).toMatchObject({ status: 'connecting', hasImage: true, timeoutRetries: 10 });
    expect(reduceCamera(tenth, { type: 'timeout' })).toMatchObject({
      status: 'offline',
      hasImage: false,
      etag: null,
    });
  });

  it('starts counting 408 again after an image', () => {
    const state = run([
      ...repeat({ type: 'timeout' }, 9),
      { type: 'image', etag: '"b"', at: 0 },
      ...repeat({ type: 'timeout' }, 9),
    ]);
    expect(state).toMatchObject({ status: 'connecting', timeoutRetries: 9, hasImage: true });
  });

  it('gives the error state on any other failure', () => {
    expect(run([{ type: 'failure' }]).status).toBe('error');
  });

  it('says a Bambu printer with "LAN Only Liveview" off is a setting, not an error, and asks slowly', () => {
    const state = run([{ type: 'liveviewOff' }]);
    expect(state).toMatchObject({
      status: 'offline',
      offlineReason: 'liveviewOff',
      hasImage: false,
    });
    expect(getNextDelay(state, { isHovered: true, isFullscreen: false })).toBe(3000);
    expect(reduceCamera(state, { type: 'image', etag: null, at: 0 })).toMatchObject({
      status: 'ok',
      offlineReason: null,
    });
  });

  it('says a disconnected printer has no image, not an error, and asks slowly', () => {
    const shown = run([{ type: 'image', etag: '"a"', at: 0 }]);
    const state = reduceCamera(shown, { type: 'failure', isPrinterDisconnected: true });
    expect(state).toMatchObject({
      status: 'offline',
      offlineReason: 'disconnected',
      hasImage: false,
    });
    expect(getNextDelay(state, { isHovered: true, isFullscreen: false })).toBe(3000);
    expect(reduceCamera(state, { type: 'image', etag: null, at: 0 })).toMatchObject({
      status: 'ok',
      offlineReason: null,
    });
  });

  it('stops asking once it says the device is offline, until the device is back', () => {
    const away = run(repeat({ type: 'deviceOffline' }, 10));
    expect(away.offlineReason).toBe('deviceOffline');
    expect(shouldKeepPolling(away, false)).toBe(false);
    expect(shouldKeepPolling(away, true)).toBe(true);
    expect(shouldKeepPolling(run(repeat({ type: 'deviceOffline' }, 9)), false)).toBe(true);
  });

  it('shows connecting while the device is offline, and offline after 10 ticks', () => {
    expect(run(repeat({ type: 'deviceOffline' }, 9)).status).toBe('connecting');
    expect(run(repeat({ type: 'deviceOffline' }, 10))).toMatchObject({
      status: 'offline',
      hasImage: false,
    });
  });

  it('comes back from offline with the next image', () => {
    const offline = run(repeat({ type: 'deviceOffline' }, 12));
    expect(reduceCamera(offline, { type: 'image', etag: null, at: 0 })).toMatchObject({
      status: 'ok',
      offlineTicks: 0,
    });
  });
});

describe('polling intervals', () => {
  it('polls slowly after an image and quickly after a 304', () => {
    expect(getNextDelay(run([{ type: 'image', etag: null, at: 0 }]), still)).toBe(3000);
    expect(getNextDelay(run([{ type: 'notModified', at: 0 }]), still)).toBe(300);
  });

  it('polls quickly while hovered or fullscreen', () => {
    const shown = run([{ type: 'image', etag: null, at: 0 }]);
    expect(getNextDelay(shown, { isHovered: true, isFullscreen: false })).toBe(300);
    expect(getNextDelay(shown, { isHovered: false, isFullscreen: true })).toBe(300);
  });

  it('polls every second while failing, even when hovered', () => {
    for (const event of [
      { type: 'timeout' },
      { type: 'failure' },
      { type: 'deviceOffline' },
    ] as const) {
      expect(getNextDelay(run([event]), { isHovered: true, isFullscreen: true })).toBe(1000);
    }
  });
});

describe('ticks', () => {
  const base = {
    isEnabled: true,
    isDeviceOnline: true,
    isDownloading: false,
    isPageHidden: false,
    isModalOpen: false,
    isOffscreen: false,
  };

  it('requests a frame while the device is online', () => {
    expect(getTickAction(base)).toBe('request');
  });

  it('counts an offline tick while the device is offline', () => {
    expect(getTickAction({ ...base, isDeviceOnline: false })).toBe('offlineTick');
  });

  it('pauses while the page is hidden, a modal is open, or the camera is disabled', () => {
    expect(getTickAction({ ...base, isPageHidden: true })).toBe('pause');
    expect(getTickAction({ ...base, isModalOpen: true })).toBe('pause');
    expect(getTickAction({ ...base, isEnabled: false })).toBe('pause');
  });

  it('pauses a camera scrolled out of view', () => {
    expect(getTickAction({ ...base, isOffscreen: true })).toBe('pause');
    expect(getTickAction({ ...base, isOffscreen: true, isDeviceOnline: false })).toBe('pause');
  });
});

describe('display', () => {
  const ok = run([{ type: 'image', etag: null, at: 0 }]);

  it('says disabled for a printer with the camera off, downloading while it downloads', () => {
    expect(getDisplayStatus(ok, { isEnabled: false, isDownloading: true })).toBe('disabled');
    expect(getDisplayStatus(ok, { isEnabled: true, isDownloading: true })).toBe('downloading');
    expect(getDisplayStatus(ok, { isEnabled: true, isDownloading: false })).toBe('ok');
  });

  it('blocks fullscreen while downloading', () => {
    expect(canOpenFullscreen('downloading')).toBe(false);
    expect(canOpenFullscreen('ok')).toBe(true);
    expect(canOpenFullscreen('offline')).toBe(true);
  });

  it('rotates the frame, swapping sides at 90 and 270', () => {
    expect(getRotationStyle(0)).toEqual({ transform: 'none', isSideways: false });
    expect(getRotationStyle(90)).toEqual({ transform: 'rotate(90deg)', isSideways: true });
    expect(getRotationStyle(180)).toEqual({ transform: 'rotate(180deg)', isSideways: false });
    expect(getRotationStyle(270)).toEqual({ transform: 'rotate(270deg)', isSideways: true });
  });
});

describe('lights', () => {
  it('locks the light toggle for 4 s after a press', () => {
    expect(isLightLocked(null, 1000)).toBe(false);
    expect(isLightLocked(1000, 4999)).toBe(true);
    expect(isLightLocked(1000, 5000)).toBe(false);
  });

  it('toggles the flashlight between 0 and 100 percent', () => {
    expect(nextFlashlightPercentage(0)).toBe(100);
    expect(nextFlashlightPercentage(100)).toBe(0);
    expect(nextFlashlightPercentage(40)).toBe(0);
  });
});

describe('a frame that stops being confirmed', () => {
  it('shows its age once no 200 or 304 said it is current for 10 s', () => {
    const shown = run([{ type: 'image', etag: '"a"', at: 1000 }]);
    expect(getStaleFrameAge(shown, 1000 + WEB_DEADLINES.camera_stale_frame_ms - 1)).toBeNull();
    expect(getStaleFrameAge(shown, 1000 + WEB_DEADLINES.camera_stale_frame_ms)).toBe(
      WEB_DEADLINES.camera_stale_frame_ms,
    );
    // a 304 says the same image is still current
    const confirmed = run([{ type: 'notModified', at: 30_000 }], shown);
    expect(getStaleFrameAge(confirmed, 35_000)).toBeNull();
    // unanswered requests (counted as 408) leave it stale, and say connecting
    const stuck = run(repeat({ type: 'timeout' }, 3), confirmed);
    expect(stuck.status).toBe('connecting');
    expect(getStaleFrameAge(stuck, 60_000)).toBe(30_000);
    expect(getStaleFrameAge(INITIAL_CAMERA_STATE, 60_000)).toBeNull();
  });

  describe('on a test server', () => {
    afterEach(() => applyServerDeadlines(null));

    it('takes the server’s shorter bound and offline count, and a person’s again without them', () => {
      applyServerDeadlines(TEST_WEB_DEADLINES);
      const shown = run([{ type: 'image', etag: '"a"', at: 1000 }]);
      expect(getStaleFrameAge(shown, 1000 + TEST_WEB_DEADLINES.camera_stale_frame_ms)).toBe(
        TEST_WEB_DEADLINES.camera_stale_frame_ms,
      );
      const ticks = TEST_WEB_DEADLINES.camera_offline_ticks;
      expect(run(repeat({ type: 'deviceOffline' }, ticks)).offlineReason).toBe('deviceOffline');
      applyServerDeadlines(null);
      expect(getStaleFrameAge(shown, 1000 + TEST_WEB_DEADLINES.camera_stale_frame_ms)).toBeNull();
      expect(run(repeat({ type: 'deviceOffline' }, ticks)).offlineReason).toBeNull();
    });
  });
});
