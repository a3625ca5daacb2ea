import type { StoredFile } from '../printer-model/files.js';
import type { GcodeTimeline, TimelineMark } from '../printer-model/gcode-timeline.js';
import type { OctoPrintContext } from './context.js';
import { ANALYSIS_SECONDS } from './payloads.js';
import { pyFloat } from './python-json.js';

/**
 * The events OctoPrint 1.11.8 sends beside the job events (src/octoprint/events.py), each where
 * OctoPrint fires it:
 * - `Upload` at the end of an upload through the API, with what it did (server/api/files.py
 *   `uploadGcodeFile`);
 * - `MetadataAnalysisStarted`/`Finished` around the analysis of a new file
 *   (filemanager/analysis.py `AnalysisQueue`);
 * - `ChartMarked` on the temperature chart at a print's start, pause, resume, end
 *   (printer/standard.py `_add_marking`);
 * - `Home` and `Dwelling` when G28 and G4 are sent (util/comm.py `gcodeToEvent`);
 * - `ZChange` when a print reaches a new layer (util/comm.py `_process_command_phase`);
 * - `FirmwareData` once the printer answered M115 after connecting, `Disconnecting` before a
 *   disconnect (printer/standard.py `disconnect`).
 */
export function announceUpload(
  ctx: OctoPrintContext,
  file: StoredFile,
  what: { select: boolean; print: boolean; effectiveSelect: boolean; effectivePrint: boolean },
): void {
  ctx.bus.emit('event', 'Upload', {
    name: file.name,
    path: file.path,
    target: 'local',
    select: what.select,
    print: what.print,
    effective_select: what.effectiveSelect,
    effective_print: what.effectivePrint,
  });
}

const analysing = new WeakMap<OctoPrintContext, StoredFile[]>();

/** Started at once; finished when the push loop sees the analysis done (no timer of its own). */
export function analyse(ctx: OctoPrintContext, file: StoredFile): void {
  ctx.bus.emit('event', 'MetadataAnalysisStarted', analysisRef(file));
  analysing.set(ctx, [...(analysing.get(ctx) ?? []), file]);
}

export function finishAnalyses(ctx: OctoPrintContext): void {
  const pending = analysing.get(ctx) ?? [];
  const due = pending.filter((f) => ctx.printer.time >= f.modified + ANALYSIS_SECONDS * 1000);
  if (due.length === 0) return;
  analysing.set(
    ctx,
    pending.filter((f) => !due.includes(f)),
  );
  for (const file of due) {
    ctx.bus.emit('event', 'MetadataAnalysisFinished', {
      ...analysisRef(file),
      result: {
        estimatedPrintTime: pyFloat(file.metadata.estimatedSeconds),
        filament:
          file.metadata.filamentMm === null
            ? {}
            : { tool0: { length: pyFloat(file.metadata.filamentMm) } },
      },
    });
  }
}

function analysisRef(file: StoredFile) {
  return { name: file.name, path: file.path, origin: 'local', type: ['machinecode', 'gcode'] };
}

/** Events beside the job's own: tests and probes of an order leave them out. */
export const EXTRA_EVENTS: ReadonlySet<string> = new Set([
  'Upload',
  'MetadataAnalysisStarted',
  'MetadataAnalysisFinished',
  'ChartMarked',
  'Home',
  'Dwelling',
  'ZChange',
  'FirmwareData',
  'Connecting',
  'Disconnecting',
]);

const MARKS: Record<string, string> = {
  started: 'Start',
  paused: 'Pause',
  resumed: 'Resume',
  done: 'Done',
  cancelled: 'Cancel',
  failed: 'Failed',
};

export function chartMark(ctx: OctoPrintContext, kind: string): void {
  const label = MARKS[kind];
  if (!label) return;
  ctx.bus.emit('event', 'ChartMarked', {
    type: 'print',
    label,
    time: pyFloat(ctx.printer.time / 1000),
  });
}

/** G28 and G4 among the lines sent. */
export function sentLines(ctx: OctoPrintContext, lines: readonly string[]): void {
  for (const line of lines) {
    const code = /^\s*([GM]\d+)/i.exec(line)?.[1]?.toUpperCase();
    if (code === 'G28') ctx.bus.emit('event', 'Home', null);
    if (code === 'G4') ctx.bus.emit('event', 'Dwelling', null);
  }
}

/**
 * `ZChange` at each new layer of a running print: answers the check the push loop runs. With
 * timed moves the printed file's own lines are followed as they are sent: `Home` at its G28,
 * `Dwelling` at its G4, `ZChange` at each move to a new Z; without, the layer is read from the
 * toolhead's height.
 */
export function followLayers(ctx: OctoPrintContext): () => void {
  let layer: number | null = null;
  let timeline: GcodeTimeline | null = null;
  let sentFrom = 0;
  /** the file's lines sent since the last look, announced */
  const announceSentLines = () => {
    const { job } = ctx.printer;
    if (job.timeline !== timeline) {
      timeline = job.timeline;
      sentFrom = 0;
    }
    if (!timeline) return;
    for (const mark of timeline.marksBetween(sentFrom, job.position)) announceLine(ctx, mark);
    sentFrom = job.position + 1;
  };
  // a file's last lines are sent before it is done (registered before `PrintDone`'s listener)
  ctx.printer.events.on('job', (event) => {
    if (event.kind === 'done') announceSentLines();
  });
  return () => {
    const { job, toolhead } = ctx.printer;
    if (job.status !== 'printing' || job.phase !== 'running') {
      layer = null;
      return;
    }
    if (job.timeline) {
      ctx.bus.emit('stateCheck'); // OctoPrint is Printing before it sends the first line
      announceSentLines();
      return;
    }
    const height = job.file?.metadata.layerHeight ?? 0.2;
    const z = toolhead.position.z;
    const current = Math.round(z / height);
    if (layer !== null && current !== layer) {
      ctx.bus.emit('event', 'ZChange', {
        new: pyFloat(round2(current * height)),
        old: pyFloat(round2(layer * height)),
      });
    }
    layer = current;
  };
}

function announceLine(ctx: OctoPrintContext, mark: TimelineMark): void {
  if (mark.kind === 'z') {
    ctx.bus.emit('event', 'ZChange', {
      new: pyFloat(round2(mark.z)),
      old: pyFloat(round2(mark.oldZ)),
    });
  } else ctx.bus.emit('event', mark.kind === 'home' ? 'Home' : 'Dwelling', null);
}

export function firmwareData(ctx: OctoPrintContext): void {
  ctx.bus.emit('event', 'FirmwareData', {
    name: 'Virtual Marlin 1.0',
    data: { FIRMWARE_NAME: 'Virtual Marlin 1.0', PROTOCOL_VERSION: '1.0' },
  });
}

const round2 = (value: number) => Math.round(value * 100) / 100;
