import type { Clock } from '../../clock.js';
import { generatePublicId, generateSecret, safeEqual, sha256Hex } from '../../crypto/random.js';
import type { DeviceKeysRepository } from './device-keys.repository.js';

const KEY_PATTERN = /^([a-z0-9]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Device keys (ARCHITECTURE §5): "<public id>.<secret>". The public id finds the row, the
 * secret is compared as a hash in constant time, and only the hash is stored.
 */
export function createDeviceKeysService({
  deviceKeys,
  clock,
}: {
  deviceKeys: DeviceKeysRepository;
  clock: Clock;
}) {
  return {
    async createDeviceKey(userId: number): Promise<{ token: string }> {
      const publicId = generatePublicId(12);
      const secret = generateSecret(32);
      await deviceKeys.insertDeviceKey({
        public_id: publicId,
        secret_hash: sha256Hex(secret),
        created_by: userId,
        created_on: clock.now().toISOString(),
      });
      return { token: `${publicId}.${secret}` };
    },

    /** The key's id when the key is known and not revoked, else null. */
    async verifyDeviceKey(token: string): Promise<number | null> {
      const match = KEY_PATTERN.exec(token.trim());
      if (!match) return null;
      const row = await deviceKeys.findDeviceKeyByPublicId(match[1]!);
      const isValid = row !== undefined && safeEqual(row.secret_hash, sha256Hex(match[2]!));
      return isValid && !row.revoked_on ? row.id : null;
    },

    markDeviceSeen(deviceKeyId: number): Promise<void> {
      return deviceKeys.touchDeviceKey(deviceKeyId, clock.now().toISOString());
    },
  };
}

export type DeviceKeysService = ReturnType<typeof createDeviceKeysService>;
