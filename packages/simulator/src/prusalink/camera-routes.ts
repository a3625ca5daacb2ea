import { sendBytes, sendEmpty, sendJson } from '../http/respond.js';
import type { ServerResponse } from 'node:http';
import { route, type Route } from '../http/router.js';
import type { Camera } from '../camera/camera.js';
import type { PrusaLinkContext } from './context.js';
import { checkAuth } from './digest.js';

/**
 * A camera attached to a Prusa-Link (the Raspberry Pi service of an MK3): it takes a photo per
 * its trigger scheme and the API hands out the last one. Buddy firmware (MK4, XL, MINI, Core One)
 * has no cameras API at all: those routes are absent and answer 404 (reference §3.1, §3.3).
 */
export interface PrusaLinkCamera {
  id: string;
  camera: Camera;
  /** real ms from start until the first photo (a camera that has not triggered yet: 204) */
  firstPhotoMs: number;
  /** real ms between photos (the trigger scheme: TEN_SEC) */
  photoIntervalMs: number;
  startedAt: number;
  lastPhoto: { at: number; jpeg: Buffer } | null;
}

/** The last photo, renewed once its interval has passed; null before the first trigger. */
function lastPhoto(camera: PrusaLinkCamera): Buffer | null {
  const now = Date.now();
  if (now - camera.startedAt < camera.firstPhotoMs) return null;
  if (!camera.lastPhoto || now - camera.lastPhoto.at >= camera.photoIntervalMs) {
    camera.lastPhoto = { at: now, jpeg: camera.camera.snapshot() };
  }
  return camera.lastPhoto.jpeg;
}

/**
 * `/api/v1/cameras…` as prusa3d/Prusa-Link `prusa/link/web/cameras.py` answers them: the list
 * (`camera_list` of `{camera_id, config, connected, detected, stored}`), `GET …/snap` for the
 * first camera in order and `GET …/{id}/snap` for one (the last photo as `image/jpeg` — the
 * OpenAPI spec says png, the code sends jpeg; 204 before the first photo; 404 JSON `message`
 * for an unknown camera), and `POST …/{id}/snap` to take one now. All behind the digest.
 */
export function prusaLinkCameraRoutes(ctx: PrusaLinkContext): Route[] {
  const notAvailable = (res: ServerResponse, message: string) => sendJson(res, 404, { message });
  const answerSnap = (res: ServerResponse, camera: PrusaLinkCamera) => {
    const photo = lastPhoto(camera);
    if (!photo) sendEmpty(res, 204);
    else sendBytes(res, 200, 'image/jpeg', photo);
  };
  return [
    route('GET', '/api/v1/cameras', ({ req, res }) => {
      checkAuth(req, ctx.auth);
      const camera = ctx.camera;
      const cameraList = camera
        ? [
            {
              camera_id: camera.id,
              config: {
                name: 'Webcam',
                driver: 'V4L2',
                trigger_scheme: 'TEN_SEC',
                resolution: { width: camera.camera.width, height: camera.camera.height },
              },
              connected: true,
              detected: true,
              stored: true,
            },
          ]
        : [];
      sendJson(res, 200, { camera_list: cameraList });
    }),
    route('GET', '/api/v1/cameras/snap', ({ req, res }) => {
      checkAuth(req, ctx.auth);
      if (!ctx.camera) notAvailable(res, 'Camera is not available');
      else answerSnap(res, ctx.camera);
    }),
    route('GET', '/api/v1/cameras/:id/snap', ({ req, res, params }) => {
      checkAuth(req, ctx.auth);
      if (!ctx.camera || ctx.camera.id !== params.id) {
        notAvailable(res, `Camera with id: ${params.id} is not available`);
      } else {
        answerSnap(res, ctx.camera);
      }
    }),
    route('POST', '/api/v1/cameras/:id/snap', ({ req, res, params }) => {
      checkAuth(req, ctx.auth);
      const camera = ctx.camera;
      if (!camera || camera.id !== params.id) {
        notAvailable(res, `Camera with id: ${params.id} is not available`);
        return;
      }
      camera.lastPhoto = { at: Date.now(), jpeg: camera.camera.snapshot() };
      sendBytes(res, 200, 'image/jpeg', camera.lastPhoto.jpeg);
    }),
  ];
}
