import { randomInt } from 'node:crypto';
import type { PrintFileResult } from '@printdeck/shared';
import { stat } from 'node:fs/promises';
import {
  CommandFailed,
  describeError,
  notSupported,
  type DriverCommand,
  type LocalPrintFile,
} from '../driver.js';
import { printerFileName } from '../host-files.js';
import {
  uploadDeadlineMs,
  uploadLocalFile,
  withPrinterFtps,
  type FtpsTarget,
} from './bambu-ftps.js';

/** Publishes one request and resolves with the printer's reply (null when none came in time). */
export type BambuSend = (
  kind: 'print' | 'system' | 'pushing' | 'info',
  body: Record<string, unknown>,
) => Promise<Record<string, unknown> | null>;

/** What a print can be started from on a Bambu printer (reference §1.11, §1.14). */
export function printableKind(name: string): '3mf' | 'gcode' {
  const lower = name.toLowerCase();
  if (lower.endsWith('.3mf')) return '3mf';
  if (lower.endsWith('.gcode')) return 'gcode';
  throw new CommandFailed(
    'invalid-command',
    lower.endsWith('.bgcode')
      ? 'A Bambu Lab printer cannot print .bgcode (Prusa binary G-code); slice it for this printer.'
      : `A Bambu Lab printer prints .gcode.3mf or .gcode files, not ${name}.`,
  );
}

/** A reply's `result` (case varies: success, SUCCESS, failed; reference §1.4). */
function assertSucceeded(reply: Record<string, unknown> | null, what: string): void {
  if (reply && String(reply.result ?? '').toLowerCase() === 'failed') {
    const reason = String(reply.reason ?? '').trim();
    throw new CommandFailed(
      'wrong-state',
      `The printer refused to ${what}${reason ? `: ${reason}` : '.'}`,
    );
  }
}

const gcodeLine = (send: BambuSend, lines: string[], what: string) =>
  send('print', { command: 'gcode_line', param: `${lines.join('\n')}\n` }).then((reply) =>
    assertSucceeded(reply, what),
  );

/**
 * Starts a file on the card: `project_file` for a `.gcode.3mf` (the chosen plate, a fresh id below 2³¹
 * as P1S clamps larger ones, `md5` empty, `use_ams` false: the external spool or what the
 * printer has loaded; reference §1.11), `gcode_file` for plain G-code (OpenBambuAPI `mqtt.md`).
 */
export async function startOnCard(send: BambuSend, path: string, plate = 1): Promise<void> {
  const name = path.replace(/^\/+/, '');
  if (printableKind(name) === 'gcode') {
    assertSucceeded(
      await send('print', { command: 'gcode_file', param: `/sdcard/${name}` }),
      'start it',
    );
    return;
  }
  const id = String(randomInt(1, 2 ** 31 - 1));
  const reply = await send('print', {
    command: 'project_file',
    // the plate to print: `Metadata/plate_<N>.gcode`, N 1-based (OpenBambuAPI mqtt.md
    // "print.project_file"; BambuStudio PrintJob.cpp sets it from the chosen plate index)
    param: `Metadata/plate_${plate}.gcode`,
    url: `ftp:///${name}`,
    file: name,
    md5: '',
    subtask_name: name.replace(/(\.gcode)?\.3mf$/i, ''),
    project_id: id,
    subtask_id: id,
    task_id: id,
    profile_id: '0',
    bed_type: 'auto',
    timelapse: false,
    bed_leveling: true,
    flow_cali: false,
    vibration_cali: true,
    layer_inspect: false,
    use_ams: false,
    ams_mapping: [],
  });
  assertSucceeded(reply, 'start the print');
}

/**
 * The Printdeck commands a Bambu printer takes over MQTT (reference §1.10): pause/resume/stop,
 * G-code through `gcode_line` (temperatures, fan, homing, jog, the console), the chamber light
 * through `system.ledctrl`, and the card's files over FTPS.
 */
export async function runBambuCommand(
  send: BambuSend,
  ftps: FtpsTarget,
  command: DriverCommand,
): Promise<unknown> {
  switch (command.name) {
    case 'pause':
    case 'resume':
      assertSucceeded(await send('print', { command: command.name, param: '' }), command.name);
      return null;
    case 'cancel':
      assertSucceeded(await send('print', { command: 'stop', param: '' }), 'stop');
      return null;
    case 'send_command':
      await gcodeLine(send, command.commands, 'run the G-code');
      return null;
    case 'temperature':
      await gcodeLine(
        send,
        [`${command.part === 'bed' ? 'M140' : 'M104'} S${Math.round(command.temperature)}`],
        'set the temperature',
      );
      return null;
    case 'fan_state':
      await gcodeLine(send, [`M106 P1 S${command.on ? 255 : 0}`], 'switch the fan');
      return null;
    case 'home_head':
      await gcodeLine(
        send,
        [`G28 ${command.axes.map((axis) => axis.toUpperCase()).join(' ')}`],
        'home',
      );
      return null;
    case 'move_head':
      await gcodeLine(
        send,
        ['G91', `G1 ${command.axis.toUpperCase()}${command.distance} F3000`, 'G90'],
        'move the head',
      );
      return null;
    case 'led': {
      const on = command.color.some((channel) => channel > 0);
      const reply = await send('system', {
        command: 'ledctrl',
        led_node: 'chamber_light',
        led_mode: on ? 'on' : 'off',
        led_on_time: 500,
        led_off_time: 500,
        loop_times: 0,
        interval_time: 0,
      });
      assertSucceeded(reply, 'switch the light');
      return null;
    }
    case 'start_local_file':
      await startOnCard(send, command.path);
      return null;
    case 'list_files':
      return withPrinterFtps(ftps, async (client) =>
        (await client.list('/'))
          .filter((entry) => entry.isFile && /\.(3mf|gcode)$/i.test(entry.name))
          .map((entry) => ({ path: entry.name, size: entry.size })),
      );
    default:
      throw notSupported(command.name);
  }
}

/** Tries of one upload: a broken or stalled connection is tried again, from the start. */
export const UPLOAD_TRIES = 3;

/** Said when a try failed and another follows. */
export type UploadRetryNote = (attempt: number, reason: string) => void;

/**
 * Uploads over FTPS to the card's root, waits for the `226` and checks the stored size, then
 * starts it (reference §1.11: never start before the upload completed). A connection that
 * breaks or stalls is tried again ({@link UPLOAD_TRIES} in all; a real farm's Wi-Fi blips, and
 * the start is only sent after a whole file is on the card, so a retry never prints twice). A
 * refused upload (access code, no card, card full) is not retried; a failed one removes the
 * partial file and fails with the printer's reason.
 */
export async function uploadToBambu(
  send: BambuSend,
  ftps: FtpsTarget,
  file: LocalPrintFile,
  onRetry: UploadRetryNote = () => undefined,
): Promise<PrintFileResult> {
  const name = printerFileName(file.fileName);
  printableKind(name);
  const { size } = await stat(file.diskPath);
  for (let attempt = 1; ; attempt++) {
    try {
      await withPrinterFtps(
        ftps,
        (client) => uploadLocalFile(client, file.diskPath, name),
        uploadDeadlineMs(size),
      );
      break;
    } catch (error) {
      if (attempt < UPLOAD_TRIES && isTransient(error)) {
        onRetry(attempt, describeError(error));
        await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
        continue;
      }
      await withPrinterFtps(ftps, (client) => client.remove(name, true)).catch(() => undefined);
      throw error;
    }
  }
  if (file.print) await startOnCard(send, name, file.plate);
  return { path: name, started: file.print };
}

const isTransient = (error: unknown) =>
  error instanceof CommandFailed && error.code === 'printer-unreachable';
