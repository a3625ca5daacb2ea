import type { JobEvent } from '../printer-model/printer.js';
import type { MoonrakerContext } from './context.js';

/** How print_stats ended, as Moonraker's history records it. */
const END_STATUS: Partial<Record<JobEvent['kind'], string>> = {
  done: 'completed',
  cancelled: 'cancelled',
  failed: 'error',
};

/**
 * Moonraker's job history announces each print: `notify_history_changed` with
 * `{action: "added", job}` when print_stats starts printing and `{action: "finished", job}`
 * when it ends, the job's `status` then `completed`, `cancelled`, `error` or, when Klippy went
 * away mid-print, `klippy_shutdown`/`klippy_disconnect` (moonraker/components/history.py
 * `_on_job_state_changed`, `add_job`, `finish_job`). Each comes after the `notify_status_update`
 * that carried the new print_stats state: history reacts to that status.
 */
export function announceHistory(ctx: MoonrakerContext, beforeNotice: () => void): void {
  let jobId = 0;
  let current: Record<string, unknown> | null = null;
  ctx.printer.events.on('job', (event) => {
    if (event.kind === 'started') {
      jobId += 1;
      current = {
        job_id: jobId.toString(16).padStart(6, '0').toUpperCase(),
        exists: true,
        filename: event.file.path,
        start_time: ctx.printer.time / 1000,
        end_time: null,
        print_duration: 0,
        total_duration: 0,
        filament_used: 0,
        status: 'in_progress',
        metadata: { size: event.file.size, estimated_time: event.file.metadata.estimatedSeconds },
        user: null,
      };
      beforeNotice();
      ctx.notify('notify_history_changed', [{ action: 'added', job: { ...current } }]);
      return;
    }
    const status = END_STATUS[event.kind];
    if (!status || !current) return;
    const isKlippyGone = !ctx.klippy.isReady;
    current = {
      ...current,
      end_time: ctx.printer.time / 1000,
      print_duration: event.printSeconds,
      total_duration: ctx.printer.job.totalSeconds,
      filament_used: ctx.printer.job.filamentUsedMm,
      status: isKlippyGone
        ? `klippy_${ctx.klippy.state === 'shutdown' ? 'shutdown' : 'disconnect'}`
        : status,
    };
    beforeNotice();
    ctx.notify('notify_history_changed', [{ action: 'finished', job: { ...current } }]);
    current = null;
  });
}
