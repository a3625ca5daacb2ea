import type { KlipperGcodeStoreResult, ListFilesResult, PrintFileResult } from '@printdeck/shared';
import { CommandFailed, notSupported, type DriverCommand } from '../driver.js';
import {
  printerFileName,
  sendPrintFile,
  toSnapshotResult,
  type PrintFileUpload,
} from '../host-files.js';
import { asRecord, HostHttpError } from '../host-http.js';
import { octoprintFailure, type OctoPrintApi } from './octoprint-api.js';

/** What a command may need to know or change about the driver beyond the REST API. */
export interface OctoPrintCommandContext {
  api: OctoPrintApi;
  signal: AbortSignal;
  /** the pill's LED (M150 to the printer board) */
  hasLed: boolean;
  isPsuInstalled: boolean;
  isOperational: boolean;
  /** a webcam that takes snapshots was found (never a stock OctoPrint's empty one) */
  hasCamera: boolean;
  /** the console history the push socket gathered (OctoPrint's terminal) */
  readTerminal(): KlipperGcodeStoreResult;
  onLedChanged(isOn: boolean): void;
}

const JOG_SPEED = { x: 6000, y: 6000, z: 200 } as const;

/** One command as OctoPrint's REST API takes it (reference A.3); see the agent README table. */
export async function runOctoPrintCommand(
  command: DriverCommand,
  ctx: OctoPrintCommandContext,
): Promise<unknown> {
  try {
    return await dispatch(command, ctx);
  } catch (error) {
    throw octoprintFailure(error);
  }
}

async function dispatch(command: DriverCommand, ctx: OctoPrintCommandContext): Promise<unknown> {
  const post = (path: string, json: unknown) => ctx.api.post(path, json, ctx.signal);
  const gcode = (commands: string[]) => post('api/printer/command', { commands });
  switch (command.name) {
    case 'connect':
      return void (await post('api/connection', { command: 'connect' }));
    case 'disconnect':
      return void (await post('api/connection', { command: 'disconnect' }));
    case 'power':
      return setPower(command.on, ctx);
    case 'led': {
      if (!ctx.hasLed) throw notSupported('The LED');
      const [red, green, blue] = command.color;
      await gcode([`M150 R${red} U${green} B${blue}`]);
      return void ctx.onLedChanged(red + green + blue > 0);
    }
    case 'move_head':
      return void (await post('api/printer/printhead', {
        command: 'jog',
        [command.axis]: command.distance,
        speed: JOG_SPEED[command.axis],
      }));
    case 'home_head':
      return void (await post('api/printer/printhead', { command: 'home', axes: command.axes }));
    case 'temperature':
      return void (await (command.part === 'bed'
        ? post('api/printer/bed', { command: 'target', target: command.temperature })
        : post('api/printer/tool', {
            command: 'target',
            targets: { tool0: command.temperature },
          })));
    case 'fan_state':
      return void (await gcode([command.on ? 'M106 S255' : 'M107']));
    case 'disable_motors':
      return void (await gcode(['M18']));
    case 'extrude':
      return void (await post('api/printer/tool', { command: 'extrude', amount: command.amount }));
    case 'send_command':
      return void (await gcode(command.commands));
    case 'pause':
    case 'resume':
      return void (await post('api/job', { command: 'pause', action: command.name }));
    case 'cancel':
      return void (await post('api/job', { command: 'cancel' }));
    case 'emergency_stop':
      // Marlin's emergency parser runs M112 ahead of the queue (reference A.4)
      return void (await gcode(['M112']));
    case 'list_files':
      return listFiles(ctx);
    case 'start_local_file':
      return startLocalFile(command.path, ctx);
    case 'snapshot':
      return snapshot(ctx);
    case 'klipper_gcode_store':
      // the console: OctoPrint's terminal, in the shape of Klipper's G-code store
      return ctx.readTerminal();
    case 'klipper_macros':
    case 'klipper_printer_info':
    case 'firmware_restart':
      throw notSupported('Klipper');
    case 'spectoda':
      throw notSupported('Spectoda lights');
  }
}

/** PSU Control (A.3.11); OctoPrint does not connect on power-on by itself, so the agent does. */
async function setPower(on: boolean, ctx: OctoPrintCommandContext): Promise<null> {
  if (!ctx.isPsuInstalled) throw notSupported('A power relay');
  await ctx.api.post(
    'api/plugin/psucontrol',
    { command: on ? 'turnPSUOn' : 'turnPSUOff' },
    ctx.signal,
  );
  if (on && !ctx.isOperational) {
    await ctx.api.post('api/connection', { command: 'connect' }, ctx.signal);
  }
  return null;
}

/** Every machine-code file of `/api/files/local?recursive=true`, folders flattened. */
async function listFiles(ctx: OctoPrintCommandContext): Promise<ListFilesResult> {
  const body = asRecord(await ctx.api.get('api/files/local?recursive=true', ctx.signal));
  const files: ListFilesResult = [];
  const walk = (entries: unknown) => {
    if (!Array.isArray(entries)) return;
    for (const raw of entries) {
      const entry = asRecord(raw);
      if (entry.type === 'folder') walk(entry.children);
      else if (entry.type === 'machinecode' && typeof entry.path === 'string') {
        files.push({ path: entry.path, size: typeof entry.size === 'number' ? entry.size : null });
      }
    }
  };
  walk(body.files);
  return files;
}

function filePath(path: string): string {
  return path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
}

async function startLocalFile(path: string, ctx: OctoPrintCommandContext): Promise<null> {
  try {
    await ctx.api.post(
      `api/files/local/${filePath(path)}`,
      { command: 'select', print: true },
      ctx.signal,
    );
  } catch (error) {
    if (error instanceof HostHttpError && error.status === 404) {
      throw new CommandFailed('invalid-command', `No file ${path} on the printer.`);
    }
    throw error;
  }
  return null;
}

/** `/downloads/camera/current`: OctoPrint fetches the frame itself (reference A.3.10, C.3.7). */
async function snapshot(ctx: OctoPrintCommandContext) {
  if (!ctx.hasCamera) throw notSupported('A camera');
  try {
    return await toSnapshotResult(
      await ctx.api.fetch({ path: 'downloads/camera/current', signal: ctx.signal }),
    );
  } catch (error) {
    if (error instanceof HostHttpError && error.status === 404) throw notSupported('A camera');
    throw error;
  }
}

/**
 * Upload with `print=true` (A.3.9). The upload succeeds even when the print does not start,
 * so `effectivePrint` decides; the stored path may differ from the name sent.
 */
export async function uploadToOctoPrint(
  api: OctoPrintApi,
  file: PrintFileUpload,
  signal: AbortSignal,
): Promise<PrintFileResult> {
  try {
    const fields: Record<string, string> = file.print ? { select: 'true', print: 'true' } : {};
    const body = await sendPrintFile(
      (request) => api.fetch(request),
      'api/files/local',
      file,
      fields,
      signal,
    );
    const stored = asRecord(asRecord(body.files).local);
    const path = typeof stored.path === 'string' ? stored.path : printerFileName(file.fileName);
    if (file.print && body.effectivePrint !== true) {
      throw new CommandFailed(
        'not-operational',
        `OctoPrint stored ${path} but did not start it: the printer is not ready.`,
      );
    }
    return { path, started: file.print };
  } catch (error) {
    throw octoprintFailure(error);
  }
}
