import { DEVICE_CLOSE_CODES, type DeviceKeyInfo } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { generateSecret, sha256Hex } from '../../crypto/random.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { notFound } from '../../http/app-error.js';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { DeviceKeyRow, DeviceKeysRepository } from './device-keys.repository.js';

/** Close code for an agent whose key was paired again: it reconnects and pairs anew. */
export const REPAIRED_CLOSE_CODE = 4000;

const keyNotFound = () => notFound('Device key not found.');

/**
 * Device keys as the admins of their home workspace manage them (checklist C16): a key attaches
 * only in its home workspace or where its home shared it; it can be paired again, rotated and
 * revoked; revoking it, or deleting its last printer, closes the agent's socket at once.
 */
export function createDeviceKeyAdminService(deps: {
  deviceKeys: DeviceKeysRepository;
  workspaces: WorkspacesService;
  workspacesRepository: WorkspacesRepository;
  live: LiveDevices;
  clock: Clock;
}) {
  const { deviceKeys, workspaces, live, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function homeOf(row: DeviceKeyRow): Promise<number | null> {
    return row.workspace_id ?? (await deviceKeys.findOldestPrinterWorkspace(row.id));
  }

  /** A key of the workspace, for one of its admins; any other key is not found. */
  async function getOwnKey(userId: number, workspaceId: number, keyId: number) {
    await workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
    const row = await deviceKeys.findDeviceKeyById(keyId);
    if (!row || row.revoked_on || (await homeOf(row)) !== workspaceId) throw keyNotFound();
    return row;
  }

  async function revoke(row: DeviceKeyRow, reason: string): Promise<void> {
    await deviceKeys.updateDeviceKey(row.id, { revoked_on: nowIso() });
    live.disconnect(row.id, DEVICE_CLOSE_CODES.keyRefused, reason);
  }

  return {
    /**
     * May this key become a printer in `workspaceId`, added by `userId`? In its home, where its
     * home shared it, or — a key made without a home — by its creator, which makes that its home.
     */
    async mayAttach(row: DeviceKeyRow, userId: number, workspaceId: number): Promise<boolean> {
      const home = await homeOf(row);
      if (home === workspaceId) return true;
      if (home === null && row.created_by === userId) {
        return (
          (await deviceKeys.claimHomeWorkspace(row.id, workspaceId)) ||
          (await homeOf((await deviceKeys.findDeviceKeyById(row.id))!)) === workspaceId
        );
      }
      return deviceKeys.isSharedWith(row.id, workspaceId);
    },

    async listKeys(userId: number, workspaceId: number): Promise<DeviceKeyInfo[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'CHANGE_GROUP');
      const rows = await deviceKeys.listWorkspaceKeys(workspaceId);
      const ids = rows.map((row) => row.id);
      const [printers, shares] = await Promise.all([
        deviceKeys.listPrinterNames(ids, workspaceId),
        deviceKeys.listShares(ids),
      ]);
      return rows.map((row) => ({
        id: row.id,
        public_id: row.public_id,
        created_on: row.created_on,
        paired_on: row.paired_on,
        last_seen_on: row.last_seen_on,
        is_connected: live.get(row.id).isConnected,
        printers: printers.filter((p) => p.device_key_id === row.id).map((p) => p.name),
        shared_with: shares
          .filter((s) => s.device_key_id === row.id)
          .map((s) => ({ id: s.workspace_id, name: s.name })),
      }));
    },

    /** An admin of the key's home lets another workspace add the printer (its instances). */
    async shareKey(userId: number, workspaceId: number, keyId: number, target: number) {
      const row = await getOwnKey(userId, workspaceId, keyId);
      if (target === workspaceId) return;
      if (!(await deps.workspacesRepository.findWorkspaceById(target))) {
        throw notFound('Workspace not found.');
      }
      await deviceKeys.insertShare({
        device_key_id: row.id,
        workspace_id: target,
        shared_by: userId,
        created_on: nowIso(),
      });
    },

    /** Takes the share back, with the printers it allowed there. */
    async unshareKey(userId: number, workspaceId: number, keyId: number, target: number) {
      const row = await getOwnKey(userId, workspaceId, keyId);
      if (!(await deviceKeys.deleteShare(row.id, target))) throw notFound('Share not found.');
    },

    /** Forgets the paired agent: the next agent to connect with the key pairs with it. */
    async rePairKey(userId: number, workspaceId: number, keyId: number): Promise<void> {
      const row = await getOwnKey(userId, workspaceId, keyId);
      await deviceKeys.updateDeviceKey(row.id, { identity_hash: null, paired_on: null });
      live.disconnect(row.id, REPAIRED_CLOSE_CODE, 'paired again');
    },

    /** A new secret for the same key (shown once); the old one and its agent stop at once. */
    async rotateKey(userId: number, workspaceId: number, keyId: number) {
      const row = await getOwnKey(userId, workspaceId, keyId);
      const secret = generateSecret(32);
      await deviceKeys.updateDeviceKey(row.id, {
        secret_hash: sha256Hex(secret),
        identity_hash: null,
        paired_on: null,
      });
      live.disconnect(row.id, DEVICE_CLOSE_CODES.keyRefused, 'key rotated');
      return { token: `${row.public_id}.${secret}` };
    },

    async revokeKey(userId: number, workspaceId: number, keyId: number): Promise<void> {
      await revoke(await getOwnKey(userId, workspaceId, keyId), 'key revoked');
    },

    /** After a printer was deleted: a key with no printer left is revoked and its agent let go. */
    async releaseKeyIfUnused(keyId: number): Promise<void> {
      const row = await deviceKeys.findDeviceKeyById(keyId);
      if (row && !row.revoked_on && (await deviceKeys.countPrinters(keyId)) === 0) {
        await revoke(row, 'printer deleted');
      }
    },
  };
}

export type DeviceKeyAdminService = ReturnType<typeof createDeviceKeyAdminService>;
