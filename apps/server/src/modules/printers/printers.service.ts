import {
  derivePrinterState,
  type Printer,
  type PrinterCreate,
  type PrinterDeviceState,
  type PrinterUpdate,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import { isSealed, type SecretBox } from '../../crypto/secret-box.js';
import { copyHeld } from '../../gateway/copy-in-place.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { fieldError } from '../../http/app-error.js';
import type { DeviceKeyAdminService } from '../device-keys/device-key-admin.service.js';
import type { DeviceKeysService } from '../device-keys/device-keys.service.js';
import type { PrintJobsRepository } from '../print-jobs/print-jobs.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { GetPrinterForUser } from './printer-access.js';
import type { PrinterRow, PrintersRepository } from './printers.repository.js';

interface Deps {
  printers: PrintersRepository;
  workspaces: WorkspacesService;
  deviceKeys: DeviceKeysService;
  deviceKeyAdmin: DeviceKeyAdminService;
  live: LiveDevices;
  getPrinterForUser: GetPrinterForUser;
  clock: Clock;
  jobs: Pick<PrintJobsRepository, 'listLatestPrinterJobs'>;
  /** seals the OctoPrint API keys at rest (checklist §3: the key is the printer's, not ours) */
  octoprintKeyBox: SecretBox;
}

const INVALID_DEVICE_KEY = 'The provided device key is not valid.';

export function createPrintersService({
  printers,
  workspaces,
  deviceKeys,
  deviceKeyAdmin,
  live,
  getPrinterForUser,
  clock,
  jobs,
  octoprintKeyBox,
}: Deps) {
  const sealKey = (apiKey: string | undefined): string | null =>
    apiKey ? octoprintKeyBox.seal(Buffer.from(apiKey, 'utf8')) : null;
  const openKey = (sealed: string): string | null => {
    try {
      return octoprintKeyBox.open(sealed).toString('utf8');
    } catch {
      return null;
    }
  };

  async function toResponses(rows: PrinterRow[]): Promise<Printer[]> {
    const [instances, memberships, plates, printed] = await Promise.all([
      printers.listInstances([...new Set(rows.map((r) => r.device_key_id))]),
      printers.listGroupMemberships(rows.map((r) => r.id)),
      printers.listPlateStates(rows.map((r) => r.id)),
      printers.listPrintedPrinterIds(rows.map((r) => r.id)),
    ]);
    return rows.map((row) => ({
      id: row.id,
      group_id: row.workspace_id,
      name: row.name,
      note: row.note,
      enabled: row.enabled === 1,
      device_type: (live.get(row.device_key_id).driver ??
        row.device_type) as Printer['device_type'],
      filament_type: row.filament_type as Printer['filament_type'],
      camera_enabled: row.camera_enabled === 1,
      camera_rotation: row.camera_rotation as Printer['camera_rotation'],
      jobox_enabled: row.jobox_enabled === 1,
      instances: instances
        .filter((i) => i.device_key_id === row.device_key_id)
        .map((i) => ({ id: i.id, group_id: i.workspace_id })),
      printer_group_ids: memberships
        .filter((m) => m.printer_id === row.id)
        .map((m) => m.printer_group_id),
      plate_state: plates.find((plate) => plate.printer_id === row.id)?.state ?? null,
      has_printed: printed.has(row.id),
      out_of_service:
        row.out_of_service_reason === null
          ? null
          : { reason: row.out_of_service_reason, since: row.out_of_service_on ?? '' },
      average_power_w: row.average_power_w,
    }));
  }

  async function sendDeviceSettings(deviceKeyId: number): Promise<void> {
    const stored = await printers.findOctoprintKey(deviceKeyId);
    // none kept is said too: an agent waiting for its key shows the refusal at once (issue 30).
    // A key sealed under another server secret cannot be opened: the printer then reads
    // "permission denied" and the workspace types the key in again
    const octoprintApiKey = stored === null ? null : isSealed(stored) ? openKey(stored) : stored;
    live.notify(deviceKeyId, { type: 'configure', octoprint_api_key: octoprintApiKey });
  }

  /** who else acts on an edit (LAN mode restarts its built-in agent with the new key) */
  const updateListeners: Array<(deviceKeyId: number, input: PrinterUpdate) => Promise<void>> = [];

  /**
   * Every printer's live state in a workspace and the device keys it reads, without a
   * permission check: the states stream checks each listener itself.
   */
  async function readDeviceStates(
    workspaceId: number,
  ): Promise<{ states: PrinterDeviceState[]; deviceKeyIds: number[] }> {
    const rows = await printers.listWorkspacePrinterDevices(workspaceId);
    const devices = new Map(rows.map((row) => [row.id, live.get(row.device_key_id)]));
    const withJob = rows.filter((row) => devices.get(row.id)?.state?.job?.file_name);
    const latestJobs = new Map(
      (await jobs.listLatestPrinterJobs(withJob.map((row) => row.id))).map((job) => [
        job.printer_id,
        job,
      ]),
    );
    const states = rows.map((row): PrinterDeviceState => {
      const device = devices.get(row.id)!;
      const state = device.state;
      const derived = derivePrinterState({ isConnected: device.isConnected, state });
      const latest = latestJobs.get(row.id);
      return {
        printer_id: row.id,
        is_connected: device.isConnected,
        updated_at: device.updatedAt,
        printer_state: derived.printerState,
        download_progress: derived.downloadProgress,
        state: { error: state?.error ?? null, state: state?.state ?? null },
        is_paired: state?.is_paired ?? false,
        // a copy: the live state updates its temperatures in place, and the states stream
        // keeps these rows to compare with the next read
        temperature: state ? copyHeld(state.temperature) : null,
        job: state?.job ?? null,
        local_ip_address: state?.local_ip_address ?? null,
        plugins: state?.plugins ?? null,
        lights: state?.lights ?? null,
        klipper: state?.klipper ?? null,
        ams: state?.ams ?? null,
        print_job: latest && isShownJob(latest, state?.job ?? null) ? toShownJob(latest) : null,
      };
    });
    return { states, deviceKeyIds: rows.map((row) => row.device_key_id) };
  }

  async function toResponse(row: PrinterRow): Promise<Printer> {
    return (await toResponses([row]))[0]!;
  }

  return {
    async listPrinters(userId: number, workspaceId: number): Promise<Printer[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return toResponses(await printers.listWorkspacePrinters(workspaceId));
    },

    async getPrinter(userId: number, printerId: number): Promise<Printer> {
      return toResponse(await getPrinterForUser(userId, printerId, 'VIEW_GROUP'));
    },

    /**
     * Spec part 1 §3 create payload; a bad device key stays on the form with its message. A key
     * attaches only in its home workspace or where its home shared it (C16): knowing a key is
     * not enough to take its printer into another workspace.
     */
    async createPrinter(userId: number, input: PrinterCreate): Promise<Printer> {
      await workspaces.requireWorkspacePermission(userId, input.group, 'CHANGE_GROUP');
      const key = await deviceKeys.findLiveKey(input.token);
      if (!key || !(await deviceKeyAdmin.mayAttach(key, userId, input.group))) {
        throw fieldError('token', INVALID_DEVICE_KEY);
      }
      const deviceKeyId = key.id;
      const id = await printers.insertPrinter({
        workspace_id: input.group,
        device_key_id: deviceKeyId,
        name: input.name,
        note: '',
        enabled: input.enabled ? 1 : 0,
        device_type: live.get(deviceKeyId).driver ?? (input.api_key ? 'octoprint' : 'unknown'),
        filament_type: null,
        camera_enabled: input.camera_enabled ? 1 : 0,
        camera_rotation: input.camera_rotation,
        jobox_enabled: input.jobox_enabled ? 1 : 0,
        created_on: clock.now().toISOString(),
        octoprint_api_key: sealKey(input.api_key),
        out_of_service_reason: null,
        out_of_service_on: null,
        average_power_w: null,
      });
      await sendDeviceSettings(deviceKeyId);
      return toResponse((await printers.findPrinterById(id))!);
    },

    async updatePrinter(userId: number, printerId: number, input: PrinterUpdate): Promise<Printer> {
      await getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
      await printers.updatePrinter(printerId, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.note !== undefined && { note: input.note }),
        ...(input.enabled !== undefined && { enabled: input.enabled ? 1 : 0 }),
        ...(input.filament_type !== undefined && { filament_type: input.filament_type }),
        ...(input.camera_enabled !== undefined && { camera_enabled: input.camera_enabled ? 1 : 0 }),
        ...(input.camera_rotation !== undefined && { camera_rotation: input.camera_rotation }),
        ...(input.jobox_enabled !== undefined && { jobox_enabled: input.jobox_enabled ? 1 : 0 }),
        ...(input.api_key !== undefined && { octoprint_api_key: sealKey(input.api_key) }),
        ...(input.average_power_w !== undefined && { average_power_w: input.average_power_w }),
        ...(input.out_of_service_reason !== undefined && {
          out_of_service_reason: input.out_of_service_reason,
          out_of_service_on:
            input.out_of_service_reason === null ? null : clock.now().toISOString(),
        }),
      });
      const updated = (await printers.findPrinterById(printerId))!;
      if (input.api_key) await sendDeviceSettings(updated.device_key_id);
      for (const listener of updateListeners) await listener(updated.device_key_id, input);
      return toResponse(updated);
    },

    /** `listener` runs after every printer edit, before the edit answers. */
    onPrinterUpdated(listener: (deviceKeyId: number, input: PrinterUpdate) => Promise<void>): void {
      updateListeners.push(listener);
    },

    /** The last printer on a key takes the key with it: revoked, its agent let go at once. */
    async deletePrinter(userId: number, printerId: number): Promise<void> {
      const printer = await getPrinterForUser(userId, printerId, 'CHANGE_GROUP');
      await printers.deletePrinter(printerId);
      await deviceKeyAdmin.releaseKeyIfUnused(printer.device_key_id);
    },

    /** GET /groups/{id}/devices-states/: the live state of every printer, derived once here. */
    async listDeviceStates(userId: number, workspaceId: number): Promise<PrinterDeviceState[]> {
      await workspaces.requireWorkspacePermission(userId, workspaceId, 'VIEW_GROUP');
      return (await readDeviceStates(workspaceId)).states;
    },

    readDeviceStates,

    /**
     * Seals the OctoPrint keys stored in the clear before keys were sealed (once, at start;
     * a sealed key is left alone, so running it again changes nothing).
     */
    async sealClearOctoprintKeys(): Promise<number> {
      const clear = (await printers.listOctoprintKeys()).filter((row) => !isSealed(row.key));
      for (const row of clear)
        await printers.replaceOctoprintKey(row.id, row.key, sealKey(row.key)!);
      return clear.length;
    },

    /** A device said hello: remember its kind and hand it the settings the workspace keeps. */
    async onDeviceHello(deviceKeyId: number, driver: string): Promise<void> {
      await printers.setDeviceType(deviceKeyId, driver);
      await sendDeviceSettings(deviceKeyId);
    },
  };
}

export type PrintersService = ReturnType<typeof createPrintersService>;

type LatestJob = Awaited<ReturnType<PrintJobsRepository['listLatestPrinterJobs']>>[number];

/**
 * The printer's newest Printdeck job is the one it shows while that job runs, or after it
 * ended while the printer still shows its file (OctoPrint keeps a finished file selected).
 */
function isShownJob(job: LatestJob, shown: { path?: string | null | undefined } | null): boolean {
  if (!shown) return false;
  return job.ended_on === null || (!!shown.path && job.device_path === shown.path);
}

function toShownJob(job: LatestJob): NonNullable<PrinterDeviceState['print_job']> {
  return {
    id: job.id,
    username: job.username,
    started_on_printer: job.started_on_printer === 1,
  };
}
