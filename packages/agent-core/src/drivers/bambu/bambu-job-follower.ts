import { numberOrNull } from '../device-state.js';
import type { JobEvent } from '../driver.js';
import { JobTracker, toJobEndEvent, type TrackedJob } from '../job-tracker.js';
import {
  CANCELLED_ERRORS,
  gcodeState,
  isActiveState,
  jobPath,
  printErrorText,
  type BambuModel,
} from './bambu-state.js';

/** The cancel word can come a frame before or after FAILED: wait this long for it (reference §1.8). */
export const CANCEL_WORD_WINDOW_MS = 5000;

interface ActiveJob {
  /** ids and name: a change while busy is another job */
  key: string;
  /** `gcode_start_time` once RUNNING showed it; a new one is a reprint of the same file */
  startTime: number | null;
  /** the cancel word was seen since this job began */
  sawCancel: boolean;
}

const taskKey = (report: Record<string, unknown>) =>
  ['subtask_id', 'task_id', 'subtask_name', 'gcode_file']
    .map((key) => String(report[key] ?? ''))
    .join('|');

/**
 * Follows the printer's job from the merged reports and ends each job exactly once (reference
 * §1.8, from ha-bambulab `PrintJob.print_update` and bambuddy `_update_state`):
 * - busy (PREPARE/SLICING/RUNNING/PAUSE) after not busy, or other ids/name, or a new
 *   `gcode_start_time` while RUNNING, is a new job (also one started on the printer's screen);
 * - busy → FINISH is done; → IDLE is cancelled; → FAILED is cancelled when `print_error` says
 *   so (0300_400C, 0500_400E) within 5 s, else failed;
 * - a lost link changes nothing: unknown, never failed, never ended by a guess. After a
 *   reconnect the first report ends the followed job only when it shows that job's end.
 */
export class BambuJobFollower {
  readonly #jobs = new JobTracker();
  #active: ActiveJob | null = null;
  #pendingFailure: NodeJS.Timeout | null = null;

  constructor(
    private readonly emit: (event: JobEvent) => void,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  get current(): TrackedJob | null {
    return this.#jobs.current;
  }

  follow(model: BambuModel): void {
    if (!model.isReachable || model.isPermissionDenied || !model.hasReport) return;
    const report = model.report;
    const state = gcodeState(report);
    const printError = numberOrNull(report.print_error) ?? 0;
    if (this.#active && CANCELLED_ERRORS.has(printError)) this.#active.sawCancel = true;
    const path = jobPath(report);
    if (isActiveState(state) && path) {
      const startTime = state === 'PREPARE' ? null : numberOrNull(Number(report.gcode_start_time));
      const key = taskKey(report);
      const active = this.#active;
      const isReprint =
        active !== null &&
        active.startTime !== null &&
        startTime !== null &&
        startTime > 0 &&
        startTime !== active.startTime;
      if (active && (active.key !== key || isReprint)) this.#end(null);
      if (!this.#active) this.#begin(key, path, startTime, state === 'PAUSE');
      else if (this.#active.startTime === null && startTime) this.#active.startTime = startTime;
      this.#jobs.observeActive(path, { elapsedS: null, isPaused: state === 'PAUSE' });
    } else if (this.#active) {
      if (state === 'FINISH') this.#end('done');
      else if (state === 'IDLE') this.#end('cancelled');
      else if (state === 'FAILED') this.#failed(printError);
    }
    const tracked = this.#jobs.current;
    model.tracked = tracked ? { ...tracked } : null;
  }

  /** Stops the cancel-word wait (the driver stops). */
  stop(): void {
    if (this.#pendingFailure) clearTimeout(this.#pendingFailure);
    this.#pendingFailure = null;
  }

  #begin(key: string, path: string, startTime: number | null, isPaused: boolean): void {
    this.#active = { key, startTime, sawCancel: false };
    const elapsedS = startTime ? Math.max(0, this.nowMs() / 1000 - startTime) : 0;
    const tracked = this.#jobs.observeActive(path, { elapsedS, isPaused });
    // observeActive keeps a job it already follows; a new identity is forced by ending first
    this.emit({ name: 'job_started', path: tracked.path, startedAt: tracked.startedAt });
  }

  /** FAILED: cancelled with the cancel word, failed with another error, else wait for a word. */
  #failed(printError: number): void {
    if (this.#active?.sawCancel) {
      this.#end('cancelled');
      return;
    }
    if (printError !== 0) {
      this.#end('failed', BambuJobFollower.failureReason(printError));
      return;
    }
    if (this.#pendingFailure) return;
    this.#pendingFailure = setTimeout(() => {
      this.#pendingFailure = null;
      if (this.#active) this.#end(this.#active.sawCancel ? 'cancelled' : 'failed');
    }, CANCEL_WORD_WINDOW_MS);
  }

  #end(outcome: 'done' | 'cancelled' | 'failed' | null, reason?: string): void {
    this.stop();
    this.#active = null;
    const job = this.#jobs.end(outcome);
    if (!job || outcome === null) return;
    this.emit(toJobEndEvent(job, outcome, reason ?? 'The printer reported the print failed.'));
  }

  /** For the failed event: the printer's error word, when it gave one. */
  static failureReason(printError: number): string {
    return `The printer reported error ${printErrorText(printError)}.`;
  }
}
