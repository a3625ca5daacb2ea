import type {
  KlipperGcodeStoreResult,
  KlipperMacrosResult,
  KlipperPrinterInfoResult,
  ListFilesResult,
  PrintFileResult,
  SnapshotResult,
} from '@printdeck/shared';
import { numberOrNull } from '../device-state.js';
import { CommandFailed, notSupported, type DriverCommand } from '../driver.js';
import {
  printerFileName,
  sendPrintFile,
  toSnapshotResult,
  type PrintFileUpload,
} from '../host-files.js';
import { asRecord, requestHost, type HostRequest } from '../host-http.js';
import type { HostNetwork } from '../host-network.js';
import { RpcError } from './jsonrpc-client.js';
import { METHOD_NOT_FOUND } from './moonraker-errors.js';
import { MOONRAKER } from './moonraker-state.js';

/** What a command needs from the driver: the socket, the HTTP side and what it knows. */
export interface MoonrakerCommandContext {
  call(method: string, params?: Record<string, unknown>): Promise<unknown>;
  http(request: Omit<HostRequest, 'timeoutMs'> & { timeoutMs?: number }): Promise<Response>;
  klippy: { state: string; message: string };
  powerDevice: string | null;
  ledObject: string | null;
  snapshotUrl: string | null;
  /** LAN mode: the camera's address is checked like the printer's */
  network?: HostNetwork;
  signal: AbortSignal;
}

const JOG_SPEED = { x: 6000, y: 6000, z: 600 } as const;
const HEATERS = { tool0: 'extruder', bed: 'heater_bed' } as const;
const GCODE_STORE_COUNT = 100;

/**
 * Runs a script; when it fails part-way the `restore` line puts the G-code state back (a move
 * refused after G91 must not leave the printer in relative mode).
 */
async function script(ctx: MoonrakerCommandContext, lines: string[], restore?: string) {
  try {
    await ctx.call('printer.gcode.script', { script: lines.join('\n') });
  } catch (error) {
    if (restore) await ctx.call('printer.gcode.script', { script: restore }).catch(() => undefined);
    throw error;
  }
  return null;
}

const channel = (value: number) => (value / 255).toFixed(3);

/** One command as Moonraker's JSON-RPC takes it (reference B.3); see the agent README table. */
export async function runMoonrakerCommand(
  command: DriverCommand,
  ctx: MoonrakerCommandContext,
): Promise<unknown> {
  switch (command.name) {
    case 'connect':
      // Klipper has no "connect": a Klippy in error or shutdown comes back with FIRMWARE_RESTART
      if (ctx.klippy.state === 'ready') return null;
      return void (await ctx.call('printer.firmware_restart'));
    case 'firmware_restart':
      return void (await ctx.call('printer.firmware_restart'));
    case 'disconnect':
      throw notSupported('Disconnecting Klipper from its printer');
    case 'power':
      if (!ctx.powerDevice) throw notSupported('A power relay');
      return void (await ctx.call('machine.device_power.post_device', {
        device: ctx.powerDevice,
        action: command.on ? 'on' : 'off',
      }));
    case 'led': {
      if (!ctx.ledObject) throw notSupported('The LED');
      const [red, green, blue] = command.color;
      const name = ctx.ledObject.replace(/^\S+\s+/, '');
      return script(ctx, [
        `SET_LED LED=${name} RED=${channel(red)} GREEN=${channel(green)} BLUE=${channel(blue)}`,
      ]);
    }
    case 'move_head': {
      const axis = command.axis.toUpperCase();
      const move = `G1 ${axis}${command.distance} F${JOG_SPEED[command.axis]}`;
      return script(ctx, ['G91', move, 'G90'], 'G90');
    }
    case 'home_head':
      return script(ctx, [`G28 ${command.axes.map((a) => a.toUpperCase()).join(' ')}`]);
    case 'temperature':
      return script(ctx, [
        `SET_HEATER_TEMPERATURE HEATER=${HEATERS[command.part]} TARGET=${command.temperature}`,
      ]);
    case 'fan_state':
      return script(ctx, [command.on ? 'M106 S255' : 'M107']);
    case 'disable_motors':
      return script(ctx, ['M84']);
    case 'extrude':
      return script(ctx, ['M83', `G1 E${command.amount} F300`, 'M82'], 'M82');
    case 'send_command':
      return script(ctx, command.commands);
    case 'pause':
    case 'resume':
    case 'cancel':
      // lenient: "ok" even when nothing applied; the state shows what happened (C.3.3)
      return void (await ctx.call(`printer.print.${command.name}`));
    case 'emergency_stop':
      // not M112 through the G-code queue: that waits behind earlier commands (B.3.4)
      return void (await ctx.call('printer.emergency_stop'));
    case 'list_files':
      return listFiles(ctx);
    case 'start_local_file':
      return void (await ctx.call('printer.print.start', {
        filename: command.path.replace(/^\/+/, ''),
      }));
    case 'snapshot':
      return snapshot(ctx);
    case 'klipper_macros':
      return listMacros(ctx);
    case 'klipper_gcode_store':
      return gcodeStore(ctx);
    case 'klipper_printer_info':
      return printerInfo(ctx);
    case 'spectoda':
      throw notSupported('Spectoda lights');
  }
}

async function listFiles(ctx: MoonrakerCommandContext): Promise<ListFilesResult> {
  const files = await ctx.call('server.files.list', { root: 'gcodes' });
  if (!Array.isArray(files)) return [];
  return files
    .map(asRecord)
    .filter((file) => typeof file.path === 'string')
    .map((file) => ({ path: file.path as string, size: numberOrNull(file.size) }));
}

/** Macros with their descriptions (B.3.4); `_NAME` macros are hidden, as Mainsail/Fluidd do. */
async function listMacros(ctx: MoonrakerCommandContext): Promise<KlipperMacrosResult> {
  const objects = asRecord(await ctx.call('printer.objects.list')).objects;
  const help = asRecord(await ctx.call('printer.gcode.help'));
  const names = (Array.isArray(objects) ? objects : [])
    .filter((name): name is string => typeof name === 'string' && name.startsWith('gcode_macro '))
    .map((name) => name.slice('gcode_macro '.length))
    .filter((name) => !name.startsWith('_'));
  return names.map((name) => {
    const description = help[name.toUpperCase()];
    return { name, description: typeof description === 'string' ? description : 'G-Code macro' };
  });
}

async function gcodeStore(ctx: MoonrakerCommandContext): Promise<KlipperGcodeStoreResult> {
  const store = asRecord(
    await ctx.call('server.gcode_store', { count: GCODE_STORE_COUNT }),
  ).gcode_store;
  return (Array.isArray(store) ? store : []).map(asRecord).map((entry) => ({
    time: numberOrNull(entry.time) ?? 0,
    type: entry.type === 'command' ? 'command' : 'response',
    message: String(entry.message ?? '').slice(0, 10_000),
  }));
}

/** `printer.info` needs Klippy; without it, what `server.info` said is the answer (C.3.1). */
async function printerInfo(ctx: MoonrakerCommandContext): Promise<KlipperPrinterInfoResult> {
  try {
    const info = asRecord(await ctx.call('printer.info'));
    return { state: String(info.state), state_message: String(info.state_message ?? '') };
  } catch (error) {
    if (error instanceof RpcError && (error.code === 503 || error.code === METHOD_NOT_FOUND)) {
      return { state: ctx.klippy.state, state_message: ctx.klippy.message };
    }
    throw error;
  }
}

async function snapshot(ctx: MoonrakerCommandContext): Promise<SnapshotResult> {
  if (!ctx.snapshotUrl) throw notSupported('A camera');
  const url = new URL(ctx.snapshotUrl);
  const response = await requestHost(
    {
      baseUrl: url.origin,
      name: 'The camera',
      headers: {},
      ...(ctx.network ? { network: ctx.network } : {}),
    },
    { path: `${url.pathname}${url.search}`, timeoutMs: 10_000, signal: ctx.signal },
  );
  return toSnapshotResult(response);
}

/**
 * Where a webcam's snapshot is: its URL is often relative to the web host (C.3.8), and a
 * loopback address means the printer's own host, as seen from the agent.
 */
export function resolveSnapshotUrl(snapshotUrl: string, moonrakerUrl: string): string | null {
  if (!snapshotUrl) return null;
  try {
    const base = new URL(moonrakerUrl);
    const url = new URL(snapshotUrl, `${base.origin}/`);
    if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) url.hostname = base.hostname;
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Upload to the `gcodes` root with the SHA-256 Moonraker checks (422 on mismatch) and
 * `print=true`; a refused print does not fail the upload, so `print_started` decides (B.3.6).
 */
export async function uploadToMoonraker(
  ctx: Pick<MoonrakerCommandContext, 'http'>,
  file: PrintFileUpload,
  signal: AbortSignal,
): Promise<PrintFileResult> {
  const fields: Record<string, string> = { root: 'gcodes', checksum: file.sha256 };
  if (file.print) fields.print = 'true';
  const body = await sendPrintFile(ctx.http, 'server/files/upload', file, fields, signal);
  const item = asRecord(body.item);
  const path = typeof item.path === 'string' ? item.path : printerFileName(file.fileName);
  if (file.print && body.print_started !== true) {
    throw new CommandFailed(
      'not-operational',
      `${MOONRAKER} stored ${path} but Klipper did not start it: the printer is not ready.`,
    );
  }
  return { path, started: file.print };
}
