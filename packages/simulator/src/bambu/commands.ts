import { GcodeError } from '../printer-model/gcode-parse.js';
import type { StoredFile } from '../printer-model/files.js';
import { readGcodeMetadata } from '../printer-model/gcode-metadata.js';
import type { VirtualPrinter } from '../printer-model/printer.js';
import { gcodeState, isBusy, PRINT_ERROR, type BambuPanel, type BambuTask } from './panel.js';
import { readZip, ZipError } from './zip.js';

export interface BambuContext {
  printer: VirtualPrinter;
  panel: BambuPanel;
  serial: string;
  productName: string;
  firmware: string;
  /** simulated seconds PREPARE lasts (the 3MF is fetched from the card and unzipped) */
  prepareSeconds: number;
  /** publishes on `device/<serial>/report` */
  publish(message: Record<string, unknown>): void;
  /** a complete push_status (pushing.pushall) */
  pushAll(sequenceId: string): void;
}

type Body = Record<string, unknown>;

/** The reply: the command's own fields echoed with `result` (OpenBambuAPI `mqtt.md` overview). */
function reply(
  ctx: BambuContext,
  kind: string,
  body: Body,
  result: 'success' | 'failed',
  reason = '',
) {
  ctx.publish({ [kind]: { ...body, result, reason } });
}

/**
 * One message from `device/<serial>/request`. Non-JSON and unknown commands are ignored, as the
 * firmware does: no reply (reference §1.3, §1.4).
 */
export function handleRequest(ctx: BambuContext, payload: Buffer): void {
  let message: unknown;
  try {
    message = JSON.parse(payload.toString('utf8'));
  } catch {
    return;
  }
  if (typeof message !== 'object' || message === null) return;
  for (const [kind, value] of Object.entries(message as Body)) {
    if (typeof value !== 'object' || value === null) continue;
    const body = value as Body;
    const sequenceId = String(body.sequence_id ?? '0');
    ctx.printer.update();
    switch (`${kind}.${String(body.command)}`) {
      case 'pushing.pushall':
      case 'pushing.start':
        ctx.pushAll(sequenceId);
        break;
      case 'info.get_version':
        ctx.publish({
          info: {
            command: 'get_version',
            sequence_id: sequenceId,
            module: [
              {
                name: 'ota',
                sw_ver: ctx.firmware,
                hw_ver: '',
                sn: ctx.serial,
                product_name: ctx.productName,
              },
              { name: 'mc', sw_ver: '00.00.30.20', hw_ver: 'MC07', sn: '' },
              { name: 'ams/0', sw_ver: '00.00.06.49', hw_ver: 'AMS08', sn: '' },
            ],
          },
        });
        break;
      case 'print.pause':
        reply(ctx, kind, body, ctx.printer.jobs.pause() ? 'success' : 'failed');
        break;
      case 'print.resume':
        reply(ctx, kind, body, ctx.printer.jobs.resume() ? 'success' : 'failed');
        break;
      case 'print.stop':
        reply(ctx, kind, body, stop(ctx) ? 'success' : 'failed');
        break;
      case 'print.project_file':
      case 'print.gcode_file':
        startFile(ctx, kind, body);
        break;
      case 'print.gcode_line':
        void runGcode(ctx, kind, body);
        break;
      case 'print.clean_print_error':
        ctx.panel.printError = 0;
        reply(ctx, kind, body, 'success');
        break;
      case 'system.ledctrl':
        ledControl(ctx, kind, body);
        break;
      default:
        break;
    }
  }
}

/** Stop: the job cancels, then reads FAILED with 0300_400C (see `markCancelled`). */
function stop(ctx: BambuContext): boolean {
  const { printer, panel } = ctx;
  if (panel.preparePercent !== null) {
    panel.preparePercent = null;
    panel.prepareFailed = true;
    markCancelled(printer, panel);
    return true;
  }
  return printer.jobs.cancel();
}

/**
 * A stopped job reads FAILED with `print_error` 0300_400C, cleared to 0 about 2 s later
 * (reference §1.8, from bambuddy): set when the cancel completes, so that the first FAILED
 * report carries the word.
 */
export function markCancelled(printer: VirtualPrinter, panel: BambuPanel): void {
  panel.printError = PRINT_ERROR.cancelled;
  printer.schedule(2, () => {
    if (panel.printError === PRINT_ERROR.cancelled) panel.printError = 0;
  });
}

/** `ftp:///name`, `ftp://name`, `file:///sdcard/name` (reference §1.11) or a bare path. */
function cardPath(url: string): string {
  return url
    .replace(/^ftp:\/\/\/?/, '')
    .replace(/^file:\/\/\/(sdcard|mnt\/sdcard)\/?/, '')
    .replace(/^\/?(sdcard\/)?/, '');
}

/**
 * `project_file` (a `.gcode.3mf` and the plate in `param`) or `gcode_file` (a plain G-code path)
 * (OpenBambuAPI `mqtt.md`; reference §1.11): refused with 0500_4004 while busy; otherwise
 * PREPARE, then RUNNING, or FAILED with 0500_C010 when the file or plate cannot be read.
 */
function startFile(ctx: BambuContext, kind: string, body: Body): void {
  const { printer, panel } = ctx;
  if (isBusy(gcodeState(printer, panel))) {
    panel.printError = PRINT_ERROR.busy;
    reply(ctx, kind, body, 'failed', 'device is busy');
    return;
  }
  const isProject = body.command === 'project_file';
  const path = cardPath(String(isProject ? (body.url ?? body.file ?? '') : (body.param ?? '')));
  const name = path.split('/').pop() ?? path;
  panel.task = {
    subtaskName: String(body.subtask_name || name.replace(/(\.gcode)?\.3mf$/i, '')),
    gcodeFile: name,
    projectId: String(body.project_id ?? '0'),
    subtaskId: String(body.subtask_id ?? '0'),
    taskId: String(body.task_id ?? '0'),
    printType: 'local',
  } satisfies BambuTask;
  panel.printError = 0;
  panel.prepareFailed = false;
  panel.preparePercent = 0;
  reply(ctx, kind, body, 'success');
  const plate = isProject ? String(body.param ?? 'Metadata/plate_1.gcode') : null;
  printer.schedule(ctx.prepareSeconds / 2, () => {
    if (panel.preparePercent !== null) panel.preparePercent = 50;
  });
  printer.schedule(ctx.prepareSeconds, () => {
    if (panel.preparePercent === null) return; // stopped while preparing
    panel.preparePercent = null;
    const file = printableFile(printer, path, plate);
    if (!file || !loadAndStart(printer, file)) {
      panel.prepareFailed = true;
      panel.printError = PRINT_ERROR.sdError;
    }
  });
}

/** The plate's G-code inside the 3MF, or the plain file; null when missing or unreadable. */
function printableFile(
  printer: VirtualPrinter,
  path: string,
  plate: string | null,
): StoredFile | null {
  const stored = printer.files.get(path);
  if (!stored) return null;
  if (plate === null) return stored;
  try {
    const gcode = readZip(stored.content).get(plate.replace(/^\/+/, ''));
    if (!gcode) return null;
    return { ...stored, content: gcode, size: gcode.length, metadata: readGcodeMetadata(gcode) };
  } catch (error) {
    if (error instanceof ZipError || error instanceof Error) return null;
    throw error;
  }
}

function loadAndStart(printer: VirtualPrinter, file: StoredFile): boolean {
  if (printer.job.isActive) return false;
  printer.job.load(file);
  return printer.jobs.start();
}

/** `gcode_line`: the lines run on the printer; a refused line fails the reply. */
async function runGcode(ctx: BambuContext, kind: string, body: Body): Promise<void> {
  const script = String(body.param ?? '');
  ctx.panel.gcodeLines.push(...script.split('\n').filter((line) => line.trim() !== ''));
  try {
    await ctx.printer.execute(script);
    reply(ctx, kind, body, 'success');
  } catch (error) {
    if (!(error instanceof GcodeError)) throw error;
    reply(ctx, kind, body, 'failed', error.message);
  }
}

/** `system.ledctrl` needs all six fields (reference §1.10; OpenBambuAPI `mqtt.md`). */
function ledControl(ctx: BambuContext, kind: string, body: Body): void {
  const node = body.led_node;
  const mode = body.led_mode;
  const isComplete = ['led_on_time', 'led_off_time', 'loop_times', 'interval_time'].every(
    (field) => typeof body[field] === 'number',
  );
  if (
    (node !== 'chamber_light' && node !== 'work_light') ||
    (mode !== 'on' && mode !== 'off' && mode !== 'flashing') ||
    !isComplete
  ) {
    reply(ctx, kind, body, 'failed', 'invalid led control');
    return;
  }
  ctx.panel.lights[node] = mode;
  reply(ctx, kind, body, 'success');
}
