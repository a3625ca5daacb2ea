import { round } from '../printer-model/heater.js';
import type { StoredFile } from '../printer-model/files.js';
import type { TemperatureSample } from '../printer-model/temperature-history.js';
import type { OctoPrintContext } from './context.js';
import { pyFloat } from './python-json.js';

/*
 * Which numbers are Python floats (written `60.0`) and which ints, as OctoPrint 1.11 builds
 * them: the analysis (`estimatedPrintTime`, filament `length`/`volume`) and the file's print
 * history (`statistics` averages, `lastPrintTime`, `prints.last` `date` and `printTime`: the
 * print's `time.time()` and `getPrintTime()`) are floats (filemanager/analysis.py, storage.py
 * `_calculate_stats_from_history`); `progress.completion` is `progress * 100`, a float, while a
 * print runs and `int(1.0 * 100)` once done; `printTime`, `printTimeLeft` and `filepos` are
 * ints (printer/standard.py `_updateProgressDataCallback`, `on_comm_print_job_done`).
 */

/** OctoPrint's own analysis finishes this long (simulated) after an upload (reference C.1). */
export const ANALYSIS_SECONDS = 2;
const FILAMENT_AREA_MM2 = Math.PI * (1.75 / 2) ** 2;

/** The latest temperature report; OctoPrint only knows what the printer last reported. */
export function latestSample(ctx: OctoPrintContext): TemperatureSample {
  const all = ctx.printer.history.all();
  const last = all[all.length - 1];
  if (last) return last;
  const printer = ctx.printer;
  return {
    time: printer.time,
    extruder: printer.reading(printer.extruder),
    bed: printer.reading(printer.bed),
  };
}

export function temperaturePayload(ctx: OctoPrintContext): Record<string, unknown> {
  const sample = latestSample(ctx);
  return {
    tool0: {
      actual: round(sample.extruder.temperature),
      target: sample.extruder.target,
      offset: ctx.printer.extruder.offset,
    },
    bed: {
      actual: round(sample.bed.temperature),
      target: sample.bed.target,
      offset: ctx.printer.bed.offset,
    },
  };
}

/** A history point as `temperature.history` and the push socket's `temps` carry it. */
export function historyPoint(sample: TemperatureSample): Record<string, unknown> {
  return {
    time: Math.floor(sample.time / 1000),
    tool0: { actual: round(sample.extruder.temperature), target: sample.extruder.target },
    bed: { actual: round(sample.bed.temperature), target: sample.bed.target },
  };
}

export function statePayload(ctx: OctoPrintContext): Record<string, unknown> {
  const connection = ctx.connection;
  return { text: connection.stateText(), flags: connection.flags(), error: connection.error };
}

function isAnalysed(ctx: OctoPrintContext, file: StoredFile): boolean {
  return ctx.printer.time >= file.modified + ANALYSIS_SECONDS * 1000;
}

function filamentPayload(file: StoredFile): Record<string, unknown> | null {
  const length = file.metadata.filamentMm;
  if (length === null) return null;
  return {
    tool0: {
      length: pyFloat(round(length)),
      volume: pyFloat(round((length * FILAMENT_AREA_MM2) / 1000)),
    },
  };
}

/** `/api/job`'s `job` and `progress`, null-filled without a selected file (A.3.8). */
export function jobPayload(ctx: OctoPrintContext): Record<string, unknown> {
  const job = ctx.printer.job;
  // closing the connection clears the job data (printer/standard.py `on_comm_state_change`:
  // `_setJobData(None, None, None)` on STATE_CLOSED / STATE_CLOSED_WITH_ERROR)
  const phase = ctx.connection.phase;
  const isClosed = phase === 'offline' || phase === 'offline-after-error' || phase === 'error';
  const file = isClosed ? null : job.file;
  const analysed = file !== null && isAnalysed(ctx, file);
  const last = file?.prints.last;
  return {
    job: {
      file: file
        ? fileSummary(file)
        : { name: null, path: null, display: null, origin: null, size: null, date: null },
      estimatedPrintTime: file && analysed ? pyFloat(round(job.nominalSeconds)) : null,
      averagePrintTime: last?.success ? pyFloat(round(last.printSeconds)) : null,
      lastPrintTime: last?.success ? pyFloat(round(last.printSeconds)) : null,
      filament: file && analysed ? filamentPayload(file) : null,
      user: file ? ctx.settings.userName : null,
    },
    progress: isClosed ? progressPayload(ctx, false, true) : progressPayload(ctx, analysed),
    state: ctx.connection.stateText(),
    ...(ctx.connection.error ? { error: ctx.connection.error } : {}),
  };
}

function progressPayload(
  ctx: OctoPrintContext,
  analysed: boolean,
  isCleared = false,
): Record<string, unknown> {
  const { job, speedFactor } = ctx.printer;
  const empty = {
    completion: null,
    filepos: null,
    printTime: null,
    printTimeLeft: null,
    printTimeLeftOrigin: null,
  };
  if (!job.file || isCleared) return empty;
  if (job.status === 'complete') {
    return {
      completion: 100,
      filepos: job.file.size,
      printTime: Math.round(job.printSeconds),
      printTimeLeft: 0,
      printTimeLeftOrigin: null,
    };
  }
  if (!job.isActive) return empty;
  const progress = job.progress;
  let left: number | null = null;
  let origin: string | null = null;
  if (progress > 0 && analysed) {
    left = Math.round(((1 - progress) * job.nominalSeconds) / speedFactor);
    origin = job.file.metadata.estimatedSeconds === null ? 'estimate' : 'analysis';
  } else if (progress > 0 && job.printSeconds > 0) {
    left = Math.round((job.printSeconds / progress) * (1 - progress));
    origin = 'linear';
  }
  return {
    completion: pyFloat(progress * 100),
    filepos: Math.floor(job.position),
    printTime: Math.round(job.printSeconds),
    printTimeLeft: left,
    printTimeLeftOrigin: origin,
  };
}

function fileSummary(file: StoredFile): Record<string, unknown> {
  return {
    name: file.name,
    path: file.path,
    display: file.display,
    origin: 'local',
    size: file.size,
    date: Math.floor(file.modified / 1000),
  };
}

export function isMachineCode(path: string): boolean {
  return /\.(gcode|gco|g)$/i.test(path);
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function fileRefs(
  ctx: OctoPrintContext,
  path: string,
  isFolder = false,
): Record<string, string> {
  const resource = `${ctx.baseUrl()}/api/files/local/${encodePath(path)}`;
  if (isFolder) return { resource };
  return { resource, download: `${ctx.baseUrl()}/downloads/files/local/${encodePath(path)}` };
}

/** A file entry of `/api/files` (A.3.9). */
export function fileEntry(ctx: OctoPrintContext, file: StoredFile): Record<string, unknown> {
  const machine = isMachineCode(file.path);
  const { prints } = file;
  const entry: Record<string, unknown> = {
    ...fileSummary(file),
    type: machine ? 'machinecode' : 'model',
    typePath: machine ? ['machinecode', 'gcode'] : ['model', 'stl'],
    hash: file.sha1,
    refs: fileRefs(ctx, file.path),
  };
  if (machine && isAnalysed(ctx, file)) {
    const filament = filamentPayload(file);
    entry.gcodeAnalysis = {
      estimatedPrintTime: pyFloat(
        round(file.metadata.estimatedSeconds ?? file.size / ctx.printer.job.bytesPerSecond),
      ),
      ...(filament ? { filament } : {}),
    };
  }
  if (prints.success + prints.failure > 0) {
    const last = prints.last;
    entry.prints = {
      success: prints.success,
      failure: prints.failure,
      last: last && {
        date: pyFloat(last.date / 1000),
        success: last.success,
        printTime: pyFloat(round(last.printSeconds)),
      },
    };
  }
  // per printer profile, from the file's print history (filemanager/storage.py
  // `_calculate_stats_from_history`): OctoPrint keeps them for successful prints
  if (prints.success > 0 && prints.last?.success) {
    const seconds = pyFloat(round(prints.last.printSeconds));
    entry.statistics = {
      averagePrintTime: { _default: seconds },
      lastPrintTime: { _default: seconds },
    };
  }
  return entry;
}

/**
 * The entries of `folder`. Folders carry their children `depth` levels down: Infinity for a
 * recursive listing, 1 otherwise (first-level children only, A.3.9).
 */
export function listing(
  ctx: OctoPrintContext,
  folder: string,
  depth: number,
): Record<string, unknown>[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  const files = ctx.printer.files;
  const direct = (path: string) =>
    path.startsWith(prefix) && !path.slice(prefix.length).includes('/');
  const entries = files
    .folders()
    .filter(direct)
    .map((path) => folderEntry(ctx, path, depth));
  for (const file of files.list()) if (direct(file.path)) entries.push(fileEntry(ctx, file));
  return entries;
}

export function folderEntry(
  ctx: OctoPrintContext,
  path: string,
  depth: number,
): Record<string, unknown> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const size = ctx.printer.files
    .list()
    .filter((file) => file.path.startsWith(`${path}/`))
    .reduce((sum, file) => sum + file.size, 0);
  return {
    name,
    display: name,
    path,
    type: 'folder',
    typePath: ['folder'],
    children: depth > 0 ? listing(ctx, path, depth - 1) : [],
    size,
    refs: fileRefs(ctx, path, true),
  };
}
