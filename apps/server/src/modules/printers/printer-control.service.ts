import { createHash } from 'node:crypto';
import {
  DEVICE_RESULT_SCHEMAS,
  derivePrinterState,
  getPermittedActions,
  LocalFileSchema,
  type ControlAction,
  type ControlBody,
  type DeviceCommand,
  type Permission,
} from '@printdeck/shared';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { LiveDevices } from '../../gateway/live-devices.js';
import { AppError } from '../../http/app-error.js';
import type { GetPrinterForUser } from './printer-access.js';
import { assertBodyMatchesPath, toControlCommand } from './control-commands.js';
import { CANNOT_EXECUTE, toApiError } from './device-errors.js';
import type { PrinterRow } from './printers.repository.js';

/** A frame is shared by everyone polling the same camera for this long (ARCHITECTURE §5). */
const SNAPSHOT_CACHE_MS = 300;
/**
 * A Bambu X1/H2 camera is an H.264 stream: its first frame waits for ffmpeg to start and for
 * the stream's next key frame, longer than a JPEG request (the driver's own limit is 15 s).
 */
const STREAM_SNAPSHOT_MS = 15_000;

type Gate = 'ready' | 'pause' | 'resume' | 'cancel' | 'paired' | 'none';

const ACTION_GATES: Record<ControlAction, Gate> = {
  move_head: 'ready',
  home_head: 'ready',
  disable_motors: 'ready',
  extrude: 'ready',
  temperature: 'none',
  fan_state: 'none',
  send_command: 'none',
  pause: 'pause',
  resume: 'resume',
  cancel: 'cancel',
  emergency_stop: 'paired',
};

export interface Snapshot {
  contentType: string;
  data: Buffer;
  etag: string;
}

export type KlipperReadName = 'klipper_macros' | 'klipper_gcode_store' | 'klipper_printer_info';

/** What a device answered, checked before it reaches a browser (device text is untrusted). */
function parseDeviceResult<N extends keyof typeof DEVICE_RESULT_SCHEMAS>(name: N, result: unknown) {
  const parsed = DEVICE_RESULT_SCHEMAS[name].safeParse(result);
  if (!parsed.success)
    throw new AppError('conflict', 'The printer sent an answer that could not be read.');
  return parsed.data as z.infer<(typeof DEVICE_RESULT_SCHEMAS)[N]>;
}

/** The image in a device's answer to `snapshot`, or null when it sent none (JPEG or PNG only). */
export function readSnapshotImage(result: unknown): { contentType: string; data: Buffer } | null {
  const { content_type: contentType, data_base64: base64 } = (result ?? {}) as {
    content_type?: unknown;
    data_base64?: unknown;
  };
  if (typeof base64 !== 'string' || !/^image\/(jpeg|png)$/.test(String(contentType))) return null;
  return { contentType: String(contentType), data: Buffer.from(base64, 'base64') };
}

/** Printer control: every call checks permission and state, then asks the device. */
export function createPrinterControlService({
  live,
  getPrinterForUser,
  timeouts,
  clock,
}: {
  live: LiveDevices;
  clock: Clock;
  getPrinterForUser: GetPrinterForUser;
  timeouts: { commandMs: number; snapshotMs: number };
}) {
  const snapshots = new Map<number, { at: number; snapshot: Promise<Snapshot> }>();

  async function ask(
    printer: PrinterRow,
    command: DeviceCommand,
    timeoutMs = timeouts.commandMs,
  ): Promise<unknown> {
    try {
      return await live.request(printer.device_key_id, command, timeoutMs);
    } catch (error) {
      throw toApiError(error);
    }
  }

  function permitted(printer: PrinterRow) {
    const device = live.get(printer.device_key_id);
    const { printerState } = derivePrinterState({
      isConnected: device.isConnected,
      state: device.state,
    });
    return getPermittedActions({
      printerState,
      isConnected: device.isConnected,
      isPaired: device.state?.is_paired ?? false,
      hasPowerRelay: device.state?.plugins.power_relay ?? false,
      powerOn: device.state?.plugins.power_on ?? null,
    });
  }

  function assertGate(printer: PrinterRow, gate: Gate): void {
    const can = permitted(printer);
    const allowed = {
      ready: can.canMove,
      pause: can.canPause,
      resume: can.canResume,
      cancel: can.canCancel,
      paired: can.canEmergencyStop,
      none: true,
    }[gate];
    if (!allowed) throw new AppError('conflict', CANNOT_EXECUTE);
  }

  async function run(
    userId: number,
    printerId: number,
    command: DeviceCommand,
    options: { permission?: Permission; gate?: Gate; timeoutMs?: number } = {},
  ) {
    const printer = await getPrinterForUser(
      userId,
      printerId,
      options.permission ?? 'OPERATE_PRINTERS',
    );
    assertGate(printer, options.gate ?? 'none');
    return ask(printer, command, options.timeoutMs);
  }

  return {
    run,

    /** A control action with its validated body: checked against the path and the state. */
    async control<A extends ControlAction>(
      userId: number,
      printerId: number,
      action: A,
      body: ControlBody<A>,
    ): Promise<void> {
      assertBodyMatchesPath(printerId, body);
      const command = toControlCommand(action, body);
      await run(userId, printerId, command, { gate: ACTION_GATES[action] });
    },

    /** The printer's own files, as the device lists them (checked: device text is untrusted). */
    async listLocalFiles(
      userId: number,
      printerId: number,
    ): Promise<Array<z.infer<typeof LocalFileSchema>>> {
      const result = await run(userId, printerId, { name: 'list_files' });
      const parsed = z.array(LocalFileSchema).safeParse(result);
      if (!parsed.success)
        throw new AppError('conflict', 'The printer sent an answer that could not be read.');
      return parsed.data;
    },

    async startLocalFile(userId: number, printerId: number, path: string): Promise<void> {
      await run(userId, printerId, { name: 'start_local_file', path });
    },

    /** A Klipper read (macros, G-code store, printer info), checked before it goes out. */
    async readKlipper<N extends KlipperReadName>(userId: number, printerId: number, name: N) {
      return parseDeviceResult(name, await run(userId, printerId, { name }));
    },

    async setPower(userId: number, printerId: number, on: boolean): Promise<void> {
      const printer = await getPrinterForUser(userId, printerId, 'OPERATE_PRINTERS');
      const can = permitted(printer);
      if (on ? !can.canTurnOn : !can.canTurnOff) throw new AppError('conflict', CANNOT_EXECUTE);
      await ask(printer, { name: 'power', on });
    },

    /** The newest camera frame with an ETag; callers within SNAPSHOT_CACHE_MS share one request. */
    async getSnapshot(userId: number, printerId: number): Promise<Snapshot> {
      const printer = await getPrinterForUser(userId, printerId, 'VIEW_GROUP');
      // the workspace turned the camera off: no frame leaves the printer, cached or new
      if (printer.camera_enabled !== 1) {
        throw new AppError('conflict', 'The camera is turned off for this printer.');
      }
      const cached = snapshots.get(printer.id);
      if (cached && clock.now().getTime() - cached.at < SNAPSHOT_CACHE_MS) return cached.snapshot;
      const waitMs =
        printer.device_type === 'bambu'
          ? Math.max(timeouts.snapshotMs, STREAM_SNAPSHOT_MS)
          : timeouts.snapshotMs;
      const snapshot = ask(printer, { name: 'snapshot' }, waitMs).then((result) => {
        const image = readSnapshotImage(result);
        if (!image) throw new AppError('conflict', 'The camera sent no image.');
        return {
          ...image,
          etag: `"${createHash('sha1').update(image.data).digest('base64url')}"`,
        };
      });
      snapshots.set(printer.id, { at: clock.now().getTime(), snapshot });
      snapshot.catch(() => snapshots.delete(printer.id));
      return snapshot;
    },
  };
}

export type PrinterControlService = ReturnType<typeof createPrinterControlService>;
