import { JOB_START_TOLERANCE_S, type DeviceJobOutcome } from '@printdeck/shared';

/** The printer's job as the agent follows it: its identity and how it stands. */
export interface TrackedJob {
  /** the file's path on the printer */
  path: string;
  /** when the print began on the printer, Unix seconds */
  startedAt: number;
  /** printing/paused while it runs; how it ended, or null when it ended without a word */
  outcome: DeviceJobOutcome | null;
  /** the start on the printer's own clock, when it has one (Klipper: eventtime − total_duration) */
  printerStart?: number;
}

const ACTIVE = new Set<DeviceJobOutcome | null>(['printing', 'paused']);

/**
 * Gives the printer's current print a stable identity (file path + start time) and remembers
 * how it ended. The start is estimated once, when the print is first seen, from the printer's
 * elapsed time, and kept while the agent follows the print (across host reconnects too):
 * OctoPrint's `printTime` leaves out paused time (comm.py `getPrintTime` subtracts
 * `_pauseWaitTimeLost`), so a fresh estimate after a pause would move.
 */
export class JobTracker {
  #job: TrackedJob | null = null;

  constructor(private readonly nowS: () => number = () => Date.now() / 1000) {}

  get current(): TrackedJob | null {
    return this.#job;
  }

  isActive(): boolean {
    return this.#job !== null && ACTIVE.has(this.#job.outcome);
  }

  /**
   * The printer shows `path` printing (or paused), `elapsedS` into it (null: not known). With
   * `printerStart` (the start on the printer's own clock, which counts pauses), a start far
   * from the known one is another print of the same file, e.g. after the agent was blind.
   */
  observeActive(
    path: string,
    elapsedS: number | null,
    isPaused: boolean,
    printerStart?: number,
  ): TrackedJob {
    const estimate = Math.round(this.nowS() - Math.max(0, elapsedS ?? 0));
    const job = this.#job;
    const isSame =
      job !== null &&
      this.isActive() &&
      job.path === path &&
      (printerStart === undefined ||
        job.printerStart === undefined ||
        Math.abs(printerStart - job.printerStart) <= JOB_START_TOLERANCE_S);
    if (!isSame) {
      this.#job = {
        path,
        startedAt: estimate,
        outcome: 'printing',
        ...(printerStart !== undefined ? { printerStart } : {}),
      };
    }
    this.#job!.outcome = isPaused ? 'paused' : 'printing';
    return this.#job!;
  }

  /**
   * The job ended: with the printer's word (`done`, `cancelled`, `failed`), or null when it is
   * simply gone. A later, more precise word (an event after the state) replaces a null.
   * Answers the job it ended, or null when no job ran (or it had ended already with a word).
   */
  end(outcome: Exclude<DeviceJobOutcome, 'printing' | 'paused'> | null): TrackedJob | null {
    const job = this.#job;
    if (!job) return null;
    if (this.isActive() || (job.outcome === null && outcome !== null)) {
      job.outcome = outcome;
      return job;
    }
    return null;
  }

  /** The tracked job, when the printer's shown file is the same one. */
  matching(path: string | null): TrackedJob | null {
    return this.#job && path !== null && this.#job.path === path ? this.#job : null;
  }
}
