import type { Clock } from '../../clock.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { readSnapshotImage } from '../printers/printer-control.service.js';
import type { TelegramPhoto } from '../telegram/telegram-client.js';

/** One frame serves every member told about the same print. */
const FRAME_CACHE_MS = 30_000;

/**
 * The printer's last camera frame for a Telegram photo, or null when the device is gone, has no
 * camera or does not answer in time (then the message goes without a photo).
 */
export function createLastFrameProvider(live: LiveDevices, timeoutMs: number, clock: Clock) {
  const cache = new Map<number, { at: number; frame: Promise<TelegramPhoto | null> }>();
  return async (deviceKeyId: number): Promise<TelegramPhoto | null> => {
    const now = clock.now().getTime();
    const cached = cache.get(deviceKeyId);
    if (cached && now - cached.at < FRAME_CACHE_MS) return cached.frame;
    if (!live.get(deviceKeyId).isConnected) return null;
    const frame = live
      .request(deviceKeyId, { name: 'snapshot' }, timeoutMs)
      .then(readSnapshotImage)
      .catch(() => null);
    cache.set(deviceKeyId, { at: now, frame });
    for (const [key, entry] of cache) if (now - entry.at >= FRAME_CACHE_MS) cache.delete(key);
    return frame;
  };
}
