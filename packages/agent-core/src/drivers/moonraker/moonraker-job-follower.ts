import { numberOrNull } from '../device-state.js';
import type { JobEvent } from '../driver.js';
import { asRecord, boundDeviceText } from '../host-http.js';
import { JobTracker } from '../job-tracker.js';
import { JOB_END_OUTCOMES } from '../octoprint/octoprint-state.js';
import { MOONRAKER_JOB_EVENTS, type MoonrakerModel } from './moonraker-state.js';

/**
 * Follows the printer's job on Moonraker (its identity and end) and turns its changes into
 * events: `print_stats.state` while Klippy is ready, and a Klippy that shut down or went away
 * mid-print, which ends the print: real Klipper leaves `print_stats` paused on shutdown and
 * `standby` after a restart, with no end of its own.
 */
export class MoonrakerJobFollower {
  /** `print_stats.state` as last seen (while Klippy was ready), for job events */
  #jobState: string | null = null;
  readonly #jobs = new JobTracker();

  constructor(private readonly emit: (event: JobEvent) => void) {}

  /**
   * After every change of `model`: keeps the last progress on show and the tracked job in it.
   * `eventtime` is Klipper's monotonic clock as the last status carried it.
   */
  follow(model: MoonrakerModel, eventtime: number | null): void {
    const stats = asRecord(model.status.print_stats);
    const klippy = model.klippy.state;
    const state = typeof stats.state === 'string' ? stats.state : null;
    const path = typeof stats.filename === 'string' && stats.filename ? stats.filename : null;
    if (klippy === 'ready' && (state === 'printing' || state === 'paused')) {
      const progress = asRecord(model.status.display_status).progress;
      if (typeof progress === 'number') model.lastProgress = progress;
    }
    if (!model.isReachable) return; // nothing is known: no event, the job stays as it was
    if (klippy !== 'ready') {
      this.#jobState = null;
      if (this.#jobs.isActive()) {
        const job = this.#jobs.end('failed')!;
        const reason =
          klippy === 'disconnected' || klippy === 'startup'
            ? 'Klippy disconnected during the print.'
            : `Klipper ${klippy}: ${firstLine(model.klippy.message)}`;
        this.emit({ name: 'job_failed', path: job.path, startedAt: job.startedAt, reason });
      }
    } else {
      const before = this.#jobState;
      this.#jobState = state;
      this.#followJob(model, { before, state, path, stats, eventtime });
    }
    const tracked = this.#jobs.current;
    model.tracked = tracked ? { ...tracked } : null;
  }

  #followJob(
    model: MoonrakerModel,
    seen: {
      before: string | null;
      state: string | null;
      path: string | null;
      stats: Record<string, unknown>;
      eventtime: number | null;
    },
  ): void {
    const { before, state, path, stats, eventtime } = seen;
    if ((state === 'printing' || state === 'paused') && path) {
      const wasActive = this.#jobs.isActive();
      const previous = this.#jobs.current;
      const total = numberOrNull(stats.total_duration);
      // the start on Klipper's own clock: `total_duration` counts pauses, so it stays put
      const printerStart = eventtime !== null && total !== null ? eventtime - total : undefined;
      const job = this.#jobs.observeActive(path, {
        elapsedS: total,
        isPaused: state === 'paused',
        ...(printerStart !== undefined ? { printerStart } : {}),
      });
      const isNew = !wasActive || previous !== job;
      if (isNew) model.lastProgress = null;
      if (isNew && before !== null && before !== state)
        this.emit({ name: 'job_started', path, startedAt: job.startedAt });
      return;
    }
    if (!this.#jobs.isActive() || state === null) return;
    const name = MOONRAKER_JOB_EVENTS[state];
    const outcome = name && name !== 'job_started' ? JOB_END_OUTCOMES[name] : null;
    const job = this.#jobs.end(outcome)!;
    if (!name) return; // standby without an end: the server reconciles it as unknown
    const reason = typeof stats.message === 'string' && stats.message ? stats.message : undefined;
    this.emit({
      name,
      path: job.path,
      startedAt: job.startedAt,
      ...(name === 'job_failed' && reason ? { reason: boundDeviceText(reason) } : {}),
    });
  }
}

function firstLine(text: string): string {
  return boundDeviceText(text.trim().split('\n')[0] ?? '');
}
