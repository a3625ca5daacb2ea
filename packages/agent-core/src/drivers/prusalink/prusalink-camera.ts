import type { SnapshotResult } from '@printdeck/shared';
import { CommandFailed, notSupported } from '../driver.js';
import { toSnapshotResult } from '../host-files.js';
import { asRecord, HostHttpError } from '../host-http.js';
import { PRUSALINK, type PrusaLinkApi } from './prusalink-api.js';
import { prusaLinkFailure } from './prusalink-commands.js';

/**
 * Whether the printer has a camera: `GET /api/v1/cameras` lists them on Prusa-Link (MK3 with a
 * Raspberry Pi; `prusa/link/web/cameras.py`: `camera_list` of `{camera_id, connected, …}`);
 * Buddy firmware (MK4, XL, MINI, Core One) has no cameras API and answers 404 (reference §3.1).
 */
export async function findPrusaLinkCamera(api: PrusaLinkApi): Promise<boolean> {
  try {
    const list = asRecord(await api.getJson('api/v1/cameras')).camera_list;
    return Array.isArray(list) && list.some((camera) => asRecord(camera).connected === true);
  } catch (error) {
    if (error instanceof HostHttpError && (error.status === 404 || error.status === 405)) {
      return false;
    }
    throw error;
  }
}

/**
 * The default camera's last photo, `GET /api/v1/cameras/snap` (Prusa-Link `cameras.py`
 * `default_camera_snap`): 200 `image/jpeg` (the OpenAPI spec says png; both are taken), 204 while
 * the camera has not taken its first photo, 404 when there is no camera.
 */
export async function takePrusaLinkSnapshot(
  api: PrusaLinkApi,
  signal: AbortSignal,
): Promise<SnapshotResult> {
  let response: Response;
  try {
    response = await api.request({
      path: 'api/v1/cameras/snap',
      headers: { accept: 'image/jpeg, image/png, application/json' },
      signal,
    });
  } catch (error) {
    if (error instanceof HostHttpError && error.status === 404) throw notSupported('A camera');
    throw prusaLinkFailure(error);
  }
  if (response.status === 204) {
    await response.body?.cancel();
    throw new CommandFailed('busy', `The ${PRUSALINK} camera has not taken a photo yet.`);
  }
  return toSnapshotResult(response);
}
