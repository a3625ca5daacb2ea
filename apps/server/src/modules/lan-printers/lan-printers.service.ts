import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { PrinterHost, ProbeResult } from '@printdeck/agent-core';
import type {
  LanPrinterConnection,
  LanPrinterConnectionUpdate,
  LanPrinterCreate,
  Printer,
  PrinterUpdate,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { SecretBox } from '../../crypto/secret-box.js';
import { AppError, fieldError } from '../../http/app-error.js';
import type { DeviceKeysService } from '../device-keys/device-keys.service.js';
import type { GetPrinterForUser } from '../printers/printer-access.js';
import type { PrintersService } from '../printers/printers.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { BuiltInAgents } from './built-in-agents.js';
import type { LanPrinterRow, LanPrintersRepository } from './lan-printers.repository.js';
import { checkAddress, type NetworkPolicy } from './lan-networks.js';
import {
  openConnection,
  PRINTER_BAMBU_PORTS,
  printerHostOf,
  probeFieldError,
  probePinFile,
  sealConnection,
  type BambuPorts,
  type LanConnection,
} from './lan-printer-hosts.js';

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
  getPrinterForUser: GetPrinterForUser;
  /** tries a host once (agent-core `probePrinter` through the LAN network) */
  probe: (host: PrinterHost) => Promise<ProbeResult>;
  dataDir: string;
  bambuPorts?: BambuPorts;
  /** the ffmpeg a Bambu X1/H2's RTSPS camera is read with */
  ffmpegPath?: string;
}

/** The kinds whose credentials the server tries before saving (issue 25). */
const TRIED_KINDS = new Set(['bambu', 'prusalink']);

/**
 * LAN mode (issue 17): printers the server reaches itself. Off unless the operator names the
 * networks; only a workspace's admins add one; the address must resolve inside those networks
 * now (and the built-in agent checks it again at every connection); the OctoPrint key is sealed.
 */
export function createLanPrintersService(deps: Deps) {
  const { lanPrinters, secretBox } = deps;

  const bambuPorts = deps.bambuPorts ?? PRINTER_BAMBU_PORTS;
  const hostOf = (row: LanPrinterRow): PrinterHost => {
    const host = printerHostOf(openConnection(row, secretBox), bambuPorts);
    return host.kind === 'bambu' && deps.ffmpegPath
      ? { ...host, ffmpegPath: deps.ffmpegPath }
      : host;
  };

  async function requireAllowedAddress(url: string, kind: string): Promise<void> {
    if (!deps.policy) {
      throw new AppError(
        'forbidden',
        'LAN mode is off on this server: the operator turns it on with LAN_PRINTER_NETWORKS.',
      );
    }
    const checked = await checkAddress(deps.policy, kind === 'bambu' ? url : new URL(url).hostname);
    if ('refused' in checked) {
      throw fieldError(
        'url',
        `${checked.refused} (LAN_PRINTER_NETWORKS: ${deps.policy.networks
          .map((n) => `${n.address}/${n.prefix}`)
          .join(', ')}).`,
      );
    }
  }

  /**
   * Bambu Lab and PrusaLink: the address and credentials tried once before anything is saved;
   * a refusal is a 400 naming the field. A Bambu certificate seen for the first time is pinned
   * here and kept with the printer. Answers the connection to store.
   */
  async function tryConnection(connection: LanConnection): Promise<LanConnection> {
    if (!TRIED_KINDS.has(connection.kind)) return connection;
    const pinFile =
      connection.kind === 'bambu' && !connection.certificateSha256
        ? probePinFile(deps.dataDir, randomUUID())
        : undefined;
    try {
      const result = await deps.probe(printerHostOf(connection, bambuPorts, pinFile));
      const refusal = probeFieldError(connection, result);
      if (refusal) throw refusal;
      if (!pinFile) return connection;
      const pinned = (await readFile(pinFile, 'utf8').catch(() => '')).trim();
      return { ...connection, certificateSha256: pinned || null };
    } finally {
      if (pinFile) await rm(pinFile, { force: true });
    }
  }

  /** How the server reaches a LAN printer (no secret), for its edit page. */
  async function getConnection(userId: number, printerId: number): Promise<LanPrinterConnection> {
    const printer = await deps.getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
    const row = await lanPrinters.findByDeviceKey(printer.device_key_id);
    if (!row) throw new AppError('not_found', 'This printer is not a LAN printer.');
    return {
      kind: row.kind,
      url: row.url,
      serial: row.serial ?? '',
      user: row.user_name ?? '',
      has_api_key: row.api_key_sealed !== null,
      has_password: row.password_sealed !== null,
      certificate_sha256: row.certificate_sha256,
    };
  }

  return {
    async createLanPrinter(userId: number, input: LanPrinterCreate): Promise<Printer> {
      await deps.workspaces.requireWorkspacePermission(userId, input.group, 'CHANGE_GROUP');
      await requireAllowedAddress(input.url, input.kind);
      const connection = await tryConnection({
        kind: input.kind,
        url: input.url,
        serial: input.kind === 'bambu' ? input.serial : '',
        user: input.kind === 'prusalink' ? input.user : '',
        password:
          input.kind === 'bambu'
            ? input.access_code
            : input.kind === 'prusalink'
              ? input.password
              : '',
        apiKey: input.kind === 'octoprint' || input.kind === 'prusalink' ? input.api_key : '',
        certificateSha256: null,
      });
      // a key only the server knows: made, used once here, never shown
      const { token } = await deps.deviceKeys.createDeviceKey(userId, input.group);
      const key = (await deps.deviceKeys.findLiveKey(token))!;
      const row: LanPrinterRow = {
        device_key_id: key.id,
        ...sealConnection(connection, secretBox),
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

    getConnection,

    /**
     * A new address or credentials (issue 25): checked and tried as when added, saved only when
     * the printer accepts them, and the built-in agent starts again with them at once. An empty
     * credential keeps the stored one; a Bambu serial or address change pins anew.
     */
    async updateConnection(
      userId: number,
      printerId: number,
      input: LanPrinterConnectionUpdate,
    ): Promise<LanPrinterConnection> {
      const printer = await deps.getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
      const row = await lanPrinters.findByDeviceKey(printer.device_key_id);
      if (!row) throw new AppError('not_found', 'This printer is not a LAN printer.');
      if (input.kind !== row.kind) {
        throw fieldError('kind', `This printer is ${row.kind}; its kind cannot change.`);
      }
      await requireAllowedAddress(input.url, row.kind);
      const stored = openConnection(row, secretBox);
      const keepsCertificate =
        stored.url === input.url && stored.serial === input.serial && !input.forget_certificate;
      const connection = await tryConnection({
        ...stored,
        url: input.url,
        serial: row.kind === 'bambu' ? input.serial : '',
        user: row.kind === 'prusalink' ? input.user : stored.user,
        password: (row.kind === 'bambu' ? input.access_code : input.password) || stored.password,
        apiKey: input.api_key || stored.apiKey,
        // the certificate stays pinned for the same printer; a new address or serial, or the
        // admin trusting a new certificate (a firmware update), pins anew on this contact
        certificateSha256: keepsCertificate ? stored.certificateSha256 : null,
      });
      const { device_key_id: deviceKeyId } = row;
      await lanPrinters.updateConnection(deviceKeyId, sealConnection(connection, secretBox));
      await deps.agents.stop(deviceKeyId);
      const live = (await lanPrinters.listLive()).find((r) => r.device_key_id === deviceKeyId);
      if (live) await deps.agents.start(deviceKeyId, hostOf(live));
      return getConnection(userId, printerId);
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
