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

/** The agent's clock and OctoPrint's print time round differently: this much is the same time. */
const CLOCK_SLACK_S = 2;

/**
 * Follows the printer's job on OctoPrint: its identity from every state, its end from the push
 * events (PrintStarted/Done/Failed/Cancelled), or from the state when no event told.
 */
export class OctoPrintJobFollower {
  readonly #jobs = new JobTracker();
  /** whether OctoPrint's own state last showed a print (an event can run ahead of it) */
  #wasShownActive = false;
  /** a `PrintCancelled` came; its `PrintFailed {reason: "cancelled"}` is still to come */
  #isCancelTailDue = false;

  constructor(private readonly emit: (event: JobEvent) => void) {}

  get current(): TrackedJob | null {
    return this.#jobs.current;
  }

  /**
   * A push event with the job's identity; other events pass. An end event about an earlier
   * print never ends the current one: OctoPrint sends `PrintFailed {reason: "cancelled"}` after
   * every `PrintCancelled`, late (printer/standard.py `on_comm_print_job_cancelled` fires it from
   * a thread), and an event whose print time is longer than the current job has run is about
   * the print before it.
   */
  onEvent(type: string, payload: Record<string, unknown>): void {
    const name = OCTOPRINT_JOB_EVENTS[type];
    if (!name) return;
    const path = typeof payload.path === 'string' ? payload.path : null;
    const reason = payload.error ?? payload.reason;
    let job: TrackedJob | null;
    if (name === 'job_started') {
      if (!path) return;
      job = this.#jobs.announceStart(path);
      // only a state shown after this start can end it
      this.#wasShownActive = false;
    } else {
      const isCancelTail = name === 'job_failed' && payload.reason === 'cancelled';
      if (isCancelTail && this.#isCancelTailDue) {
        this.#isCancelTailDue = false;
        return; // the cancel was reported with PrintCancelled
      }
      if (this.#isAboutEarlierPrint(path, payload.time)) return;
      const outcome = isCancelTail ? 'cancelled' : JOB_END_OUTCOMES[name];
      job = this.#jobs.end(outcome) ?? this.#jobs.matching(path);
      if (name === 'job_cancelled') this.#isCancelTailDue = true;
      if (isCancelTail) {
        this.emit({
          name: 'job_cancelled',
          path: path ?? job?.path ?? null,
          ...(job ? { startedAt: job.startedAt } : {}),
        });
        return;
      }
    }
    this.emit({
      name,
      path: path ?? job?.path ?? null,
      ...(job ? { startedAt: job.startedAt } : {}),
      ...(typeof reason === 'string' && name === 'job_failed'
        ? { reason: boundDeviceText(reason) }
        : {}),
    });
  }

  /** An end event whose file or print time cannot be the current job's. */
  #isAboutEarlierPrint(path: string | null, printSeconds: unknown): boolean {
    const current = this.#jobs.current;
    if (!current) return false;
    if (path !== null && path !== current.path) return this.#jobs.isActive();
    return typeof printSeconds === 'number' && !this.#jobs.mayHaveRun(printSeconds, CLOCK_SLACK_S);
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
      const position = numberOrNull(progress.filepos);
      this.#jobs.observeActive(path, {
        elapsedS: numberOrNull(progress.printTime),
        isPaused: flags.paused,
        ...(position !== null ? { position } : {}),
      });
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
