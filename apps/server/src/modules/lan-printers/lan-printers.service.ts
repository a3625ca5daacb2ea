import type { PrinterHost } from '@printdeck/agent-core';
import type { LanPrinterCreate, Printer, PrinterUpdate } from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import { AppError, fieldError } from '../../http/app-error.js';
import type { DeviceKeysService } from '../device-keys/device-keys.service.js';
import type { PrintersService } from '../printers/printers.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { BuiltInAgents } from './built-in-agents.js';
import type { LanPrinterRow, LanPrintersRepository } from './lan-printers.repository.js';
import { checkAddress, type NetworkPolicy } from './lan-networks.js';

interface Deps {
  lanPrinters: LanPrintersRepository;
  deviceKeys: DeviceKeysService;
  printers: PrintersService;
  workspaces: WorkspacesService;
  agents: BuiltInAgents;
  /** null: LAN mode is off (LAN_PRINTER_NETWORKS unset) */
  policy: NetworkPolicy | null;
  secretBox: SecretBox;
  clock: Clock;
}

/**
 * LAN mode (issue 17): printers the server reaches itself. Off unless the operator names the
 * networks; only a workspace's admins add one; the address must resolve inside those networks
 * now (and the built-in agent checks it again at every connection); the OctoPrint key is sealed.
 */
export function createLanPrintersService(deps: Deps) {
  const { lanPrinters, secretBox } = deps;

  function hostOf(row: LanPrinterRow): PrinterHost {
    return row.kind === 'octoprint'
      ? {
          kind: 'octoprint',
          url: row.url,
          apiKey: row.api_key_sealed ? secretBox.open(row.api_key_sealed).toString('utf8') : '',
        }
      : { kind: 'moonraker', url: row.url };
  }

  return {
    async createLanPrinter(userId: number, input: LanPrinterCreate): Promise<Printer> {
      await deps.workspaces.requireWorkspacePermission(userId, input.group, 'CHANGE_GROUP');
      if (!deps.policy) {
        throw new AppError(
          'forbidden',
          'LAN mode is off on this server: the operator turns it on with LAN_PRINTER_NETWORKS.',
        );
      }
      const checked = await checkAddress(deps.policy, new URL(input.url).hostname);
      if ('refused' in checked) {
        throw fieldError(
          'url',
          `${checked.refused} (LAN_PRINTER_NETWORKS: ${deps.policy.networks
            .map((n) => `${n.address}/${n.prefix}`)
            .join(', ')}).`,
        );
      }
      // a key only the server knows: made, used once here, never shown
      const { token } = await deps.deviceKeys.createDeviceKey(userId, input.group);
      const key = (await deps.deviceKeys.findLiveKey(token))!;
      const row: LanPrinterRow = {
        device_key_id: key.id,
        kind: input.kind,
        url: input.url,
        api_key_sealed:
          input.kind === 'octoprint' ? secretBox.seal(Buffer.from(input.api_key, 'utf8')) : null,
        created_on: deps.clock.now().toISOString(),
      };
      // The LAN row before the printer (issue 23): a crash in between leaves a row without a
      // printer, which the sweep at start removes, never a printer no agent will ever drive.
      await lanPrinters.insert(row);
      let printer: Printer;
      try {
        printer = await deps.printers.createPrinter(userId, {
          group: input.group,
          name: input.name,
          token,
          protocol: 'http',
          camera_enabled: input.camera_enabled,
          camera_rotation: input.camera_rotation,
          jobox_enabled: input.jobox_enabled,
          enabled: true,
        });
      } catch (error) {
        await lanPrinters.dropUnfinished(key.id, deps.clock.now().toISOString());
        throw error;
      }
      await deps.agents.start(key.id, hostOf(row));
      return { ...printer, device_type: input.kind };
    },

    /**
     * A printer was edited: a new OctoPrint key takes effect at once (the built-in agent starts
     * again with it), a disabled printer's agent lets go, an enabled one starts.
     */
    async applyPrinterUpdate(deviceKeyId: number, input: PrinterUpdate): Promise<void> {
      if (!deps.agents.isOn()) return;
      const isKeyChange = input.api_key !== undefined && input.api_key !== '';
      if (!isKeyChange && input.enabled === undefined) return;
      const before = (await lanPrinters.listAll()).find((r) => r.device_key_id === deviceKeyId);
      if (!before) return; // not a LAN printer
      if (isKeyChange && before.kind === 'octoprint') {
        await lanPrinters.updateApiKey(
          deviceKeyId,
          secretBox.seal(Buffer.from(input.api_key!, 'utf8')),
        );
      }
      await deps.agents.stop(deviceKeyId);
      const live = (await lanPrinters.listLive()).find((r) => r.device_key_id === deviceKeyId);
      if (live) await deps.agents.start(deviceKeyId, hostOf(live));
    },

    /**
     * Run now and then: lets go of built-in agents whose printer is gone, renews the leases of
     * those running here, starts the agent of every printer no instance drives (a printer added
     * on another instance, or whose instance died: its lease lapsed), and starts again one whose
     * printer was edited through another instance (a new OctoPrint key).
     */
    async reconcile(): Promise<void> {
      if (!deps.agents.isOn()) return;
      const rows = await lanPrinters.listLive();
      await deps.agents.keepOnly(new Set(rows.map((row) => row.device_key_id)));
      await deps.agents.renewLeases();
      for (const row of rows) await deps.agents.follow(row.device_key_id, hostOf(row));
    },

    /**
     * The server started: every LAN printer gets its built-in agent (when LAN mode is on), here
     * or, with several instances, on the one holding its lease.
     */
    async startAll(): Promise<number> {
      if (!deps.agents.isOn()) return 0;
      const rows = await lanPrinters.listLive();
      for (const row of rows) await deps.agents.start(row.device_key_id, hostOf(row));
      return rows.length;
    },
  };
}

export type LanPrintersService = ReturnType<typeof createLanPrintersService>;
