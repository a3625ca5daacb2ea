import type { StoredFile } from '../printer-model/files.js';
import type { PrusaLinkContext } from './context.js';
import { hasActiveJob, prusaLinkState } from './state.js';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Seconds left at the current speed; omitted while unknown (reference §3.4). */
function timeRemaining(ctx: PrusaLinkContext): number | undefined {
  const job = ctx.printer.job;
  if (job.position === 0) return undefined;
  return Math.max(
    0,
    Math.round((job.nominalSeconds * (1 - job.progress)) / ctx.printer.speedFactor),
  );
}

function jobNumbers(ctx: PrusaLinkContext) {
  const job = ctx.printer.job;
  const remaining = timeRemaining(ctx);
  return {
    id: ctx.panel.jobId,
    progress: round(job.progress * 100, 2),
    ...(remaining !== undefined ? { time_remaining: remaining } : {}),
    time_printing: Math.round(job.printSeconds),
  };
}

/**
 * `GET /api/v1/status` as Buddy renders it (Prusa-Firmware-Buddy
 * `lib/WUI/link_content/prusa_link_api_v1.cpp`; Prusa-Link-Web `spec/openapi.yaml` `Status`):
 * `job` only during a job, `storage` an object, fans in RPM, `axis_x/y` only when not printing.
 */
export function statusPayload(ctx: PrusaLinkContext): Record<string, unknown> {
  const { printer } = ctx;
  const state = prusaLinkState(printer, ctx.panel);
  const isJob = hasActiveJob(state);
  const position = printer.toolhead.position;
  return {
    ...(isJob ? { job: jobNumbers(ctx) } : {}),
    ...(ctx.isTransferring ? { transfer: { id: 1, time_transferring: 0, progress: 0 } } : {}),
    storage: { path: `/${ctx.storage}/`, name: ctx.storage, read_only: false },
    printer: {
      state,
      temp_bed: round(printer.bed.temperature),
      target_bed: round(printer.bed.target),
      temp_nozzle: round(printer.extruder.temperature),
      target_nozzle: round(printer.extruder.target),
      axis_z: round(position.z, 2),
      ...(isJob ? {} : { axis_x: round(position.x, 2), axis_y: round(position.y, 2) }),
      flow: Math.round(printer.flowFactor * 100),
      speed: Math.round(printer.speedFactor * 100),
      fan_hotend: printer.extruder.target > 0 ? 3450 : 0,
      fan_print: Math.round(printer.fanSpeed * 7000),
    },
  };
}

/** `GET /api/v1/job`; null (→ 204) when no job runs (Buddy; reference §3.4). */
export function jobPayload(ctx: PrusaLinkContext): Record<string, unknown> | null {
  const state = prusaLinkState(ctx.printer, ctx.panel);
  const file = ctx.printer.job.file;
  if (!hasActiveJob(state) || !file) return null;
  return {
    ...jobNumbers(ctx),
    // Buddy's job state: ATTENTION reads PAUSED here (reference §3.4)
    state: state === 'ATTENTION' ? 'PAUSED' : state,
    file: filePayload(ctx, file),
  };
}

/** A print file's JSON (`FileInfo` in `spec/openapi.yaml`). */
export function filePayload(ctx: PrusaLinkContext, file: StoredFile): Record<string, unknown> {
  const folder = file.path.includes('/')
    ? `/${file.path.slice(0, file.path.lastIndexOf('/'))}`
    : '';
  return {
    name: file.name,
    display_name: file.display,
    path: `/${ctx.storage}${folder}`,
    type: 'PRINT_FILE',
    size: file.size,
    m_timestamp: Math.floor(file.modified / 1000),
    refs: {
      download: `/${ctx.storage}/${file.path}`,
      icon: `/thumb/s/${ctx.storage}/${file.path}`,
      thumbnail: `/thumb/l/${ctx.storage}/${file.path}`,
    },
  };
}
