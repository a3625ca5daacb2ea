import type { Clock } from '../../clock.js';
import { generatePublicId, generateSecret, safeEqual, sha256Hex } from '../../crypto/random.js';
import type { DeviceKeyRow, DeviceKeysRepository } from './device-keys.repository.js';

const KEY_PATTERN = /^([a-z0-9]{12})\.([A-Za-z0-9_-]{43})$/;
/** The agent's own identity: a secret it made on its first start and keeps in its state dir. */
export const DEVICE_IDENTITY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Why an agent may not connect: an unknown or revoked key, or another agent's key. */
export type DeviceRefusal = 'key' | 'identity_missing' | 'paired_elsewhere';

/** What a socket proved at its upgrade: the key's secret then, and the agent's identity. */
export interface DeviceKeyProof {
  secretHash: string;
  identityHash: string;
}

/**
 * Device keys (ARCHITECTURE §5): "<public id>.<secret>". The public id finds the row, the
 * secret is compared as a hash in constant time, and only the hash is stored. A key is a
 * pairing secret: at its first connection it binds to the agent's own identity, and another
 * identity is refused until an admin pairs it again (checklist C16).
 */
export function createDeviceKeysService({
  deviceKeys,
  clock,
}: {
  deviceKeys: DeviceKeysRepository;
  clock: Clock;
}) {
  const nowIso = () => clock.now().toISOString();

  async function findLiveKey(token: string): Promise<DeviceKeyRow | null> {
    const match = KEY_PATTERN.exec(token.trim());
    if (!match) return null;
    const row = await deviceKeys.findDeviceKeyByPublicId(match[1]!);
    const isValid = row !== undefined && safeEqual(row.secret_hash, sha256Hex(match[2]!));
    return isValid && !row.revoked_on ? row : null;
  }

  return {
    /** A new key, made in a workspace (its home) or, without one, homed where it is first added. */
    async createDeviceKey(userId: number, workspaceId: number | null): Promise<{ token: string }> {
      const publicId = generatePublicId(12);
      const secret = generateSecret(32);
      await deviceKeys.insertDeviceKey({
        public_id: publicId,
        secret_hash: sha256Hex(secret),
        created_by: userId,
        created_on: nowIso(),
        workspace_id: workspaceId,
      });
      return { token: `${publicId}.${secret}` };
    },

    /** The key's row when the key is known and not revoked, else null. */
    findLiveKey,

    /** The key's id when the key is known and not revoked, else null. */
    async verifyDeviceKey(token: string): Promise<number | null> {
      return (await findLiveKey(token))?.id ?? null;
    },

    /**
     * An agent at the WebSocket upgrade: its key, and its identity, which the first connection
     * pairs with the key and every later one must repeat.
     */
    async authenticateDevice(
      token: string,
      identity: string | undefined,
    ): Promise<{ deviceKeyId: number; proof: DeviceKeyProof } | { refused: DeviceRefusal }> {
      const row = await findLiveKey(token);
      if (!row) return { refused: 'key' };
      if (!identity || !DEVICE_IDENTITY_PATTERN.test(identity)) {
        return { refused: 'identity_missing' };
      }
      const identityHash = sha256Hex(identity);
      const proof = { secretHash: row.secret_hash, identityHash };
      if (
        row.identity_hash === null &&
        (await deviceKeys.bindIdentity(row.id, identityHash, nowIso()))
      ) {
        return { deviceKeyId: row.id, proof };
      }
      const current =
        row.identity_hash ?? (await deviceKeys.findDeviceKeyById(row.id))?.identity_hash;
      return current && safeEqual(current, identityHash)
        ? { deviceKeyId: row.id, proof }
        : { refused: 'paired_elsewhere' };
    },

    /**
     * Of the sockets held here, the keys that no longer let them in: revoked, deleted, rotated
     * (another secret) or paired again (another identity).
     */
    async findStaleKeys(held: Map<number, DeviceKeyProof>): Promise<number[]> {
      const rows = await deviceKeys.findKeyStates([...held.keys()]);
      const current = new Map(rows.map((row) => [row.id, row]));
      return [...held].flatMap(([id, proof]) => {
        const row = current.get(id);
        const holds =
          row !== undefined &&
          row.revoked_on === null &&
          row.secret_hash === proof.secretHash &&
          row.identity_hash === proof.identityHash;
        return holds ? [] : [id];
      });
    },

    /**
     * An agent's HTTP call beside its socket (timelapse frames): its key and the identity the
     * key is paired with. Never pairs: a key no agent has connected with yet is refused.
     */
    async authenticatePairedDevice(
      token: string,
      identity: string | undefined,
    ): Promise<number | null> {
      const row = await findLiveKey(token);
      if (!row || row.identity_hash === null) return null;
      if (!identity || !DEVICE_IDENTITY_PATTERN.test(identity)) return null;
      return safeEqual(row.identity_hash, sha256Hex(identity)) ? row.id : null;
    },

    markDeviceSeen(deviceKeyId: number): Promise<void> {
      return deviceKeys.touchDeviceKey(deviceKeyId, nowIso());
    },
  };
}

export type DeviceKeysService = ReturnType<typeof createDeviceKeysService>;
