import { numberOrNull } from '../device-state.js';
import type { JobEvent } from '../driver.js';
import { asRecord, boundDeviceText } from '../host-http.js';
import { JobTracker, type TrackedJob } from '../job-tracker.js';
import {
  JOB_END_OUTCOMES,
  normaliseFlags,
  OCTOPRINT_JOB_EVENTS,
  type OctoPrintModel,
} from './octoprint-state.js';

/**
 * Follows the printer's job on OctoPrint: its identity from every state, its end from the push
 * events (PrintStarted/Done/Failed/Cancelled), or from the state when no event told.
 */
export class OctoPrintJobFollower {
  readonly #jobs = new JobTracker();
  /** whether OctoPrint's own state last showed a print (an event can run ahead of it) */
  #wasShownActive = false;

  constructor(private readonly emit: (event: JobEvent) => void) {}

  get current(): TrackedJob | null {
    return this.#jobs.current;
  }

  /** A push event with the job's identity; other events pass. */
  onEvent(type: string, payload: Record<string, unknown>): void {
    const name = OCTOPRINT_JOB_EVENTS[type];
    if (!name) return;
    const path = typeof payload.path === 'string' ? payload.path : null;
    const reason = payload.error ?? payload.reason;
    let job: TrackedJob | null;
    if (name === 'job_started') job = path ? this.#jobs.observeActive(path, 0, false) : null;
    else job = this.#jobs.end(JOB_END_OUTCOMES[name]) ?? this.#jobs.matching(path);
    this.emit({
      name,
      path: path ?? job?.path ?? null,
      ...(job ? { startedAt: job.startedAt } : {}),
      ...(typeof reason === 'string' && name === 'job_failed'
        ? { reason: boundDeviceText(reason) }
        : {}),
    });
  }

  /** After every change of `model`: the job it shows, and an end without an event. */
  follow(model: OctoPrintModel): void {
    if (!model.isReachable || model.isPermissionDenied) return;
    const flags = normaliseFlags(model.stateText ?? '', model.flags);
    const file = asRecord(asRecord(model.job).file);
    const path = typeof file.path === 'string' && file.path ? file.path : null;
    const progress = asRecord(model.progress);
    const isActive = flags.printing || flags.paused || flags.pausing || flags.cancelling;
    if (isActive && path) {
      this.#jobs.observeActive(path, numberOrNull(progress.printTime), flags.paused);
    } else if (!isActive && this.#wasShownActive && this.#jobs.isActive()) {
      // the state went from a print to none: ended, done if it shows the file complete
      const isDone = path === this.#jobs.current?.path && progress.completion === 100;
      this.#jobs.end(isDone ? 'done' : null);
    }
    this.#wasShownActive = isActive;
    const tracked = this.#jobs.current;
    model.tracked = tracked ? { ...tracked } : null;
  }
}
