import type { JobEvent } from '../driver.js';
import { JobTracker, toJobEndEvent, type TrackedJob } from '../job-tracker.js';
import { isJobState, type PrusaLinkModel } from './prusalink-state.js';

/**
 * Follows the printer's job from the polled state, ending each job exactly once (reference
 * §3.8, from Buddy `printer_state.cpp` and Prusa-Link `state_manager.py`):
 * - a new job id in PRINTING/PAUSED/ATTENTION is a new job (started, on the printer's screen
 *   too);
 * - PRINTING/PAUSED/ATTENTION → FINISHED is done, → STOPPED is cancelled: both screens stay
 *   until the operator confirms, so a short loss of the link still sees them;
 * - ERROR during a job keeps it open; back to IDLE from there without FINISHED/STOPPED is failed;
 * - straight to IDLE (confirmed while we did not look) or to another job id: ended, outcome
 *   unknown — no event, never guessed;
 * - an unreachable printer changes nothing: unknown, not failed.
 */
export class PrusaLinkJobFollower {
  readonly #jobs = new JobTracker();
  /** the id of the job the follower last saw running */
  #activeId: number | null = null;
  #sawError = false;

  constructor(private readonly emit: (event: JobEvent) => void) {}

  get current(): TrackedJob | null {
    return this.#jobs.current;
  }

  follow(model: PrusaLinkModel): void {
    if (!model.isReachable || model.isPermissionDenied || model.state === 'UNKNOWN') return;
    const job = model.job;
    if (isJobState(model.state) && job) {
      if (job.path === null) return; // its file is being read from /api/v1/job
      if (this.#activeId !== null && this.#activeId !== job.id) this.#end(null);
      const isNew = this.#activeId !== job.id;
      const tracked = this.#jobs.observeActive(job.path, {
        elapsedS: job.timePrinting,
        isPaused: model.state !== 'PRINTING',
      });
      this.#activeId = job.id;
      this.#sawError = false;
      if (isNew) {
        this.emit({ name: 'job_started', path: tracked.path, startedAt: tracked.startedAt });
      }
    } else if (this.#activeId !== null) {
      if (model.state === 'FINISHED') this.#end('done');
      else if (model.state === 'STOPPED') this.#end('cancelled');
      else if (model.state === 'ERROR') this.#sawError = true;
      else this.#end(this.#sawError ? 'failed' : null);
    }
    const tracked = this.#jobs.current;
    model.tracked = tracked ? { ...tracked } : null;
  }

  #end(outcome: 'done' | 'cancelled' | 'failed' | null): void {
    this.#activeId = null;
    this.#sawError = false;
    const job = this.#jobs.end(outcome);
    if (!job || outcome === null) return;
    this.emit(toJobEndEvent(job, outcome, 'The printer reported an error.'));
  }
}
