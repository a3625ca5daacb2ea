import type { DeviceJobOutcome } from '@printdeck/shared';
import type { JobEvent } from './driver.js';

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

interface Sighting {
  elapsedS: number;
  atS: number;
}

/** What the printer shows of its running print, beyond the file. */
export interface ActiveSighting {
  /** seconds into the print (null: not known) */
  elapsedS: number | null;
  isPaused: boolean;
  /**
   * The start on the printer's own clock, which counts pauses: a start far from the known one
   * is another print of the same file, e.g. after the agent was blind.
   */
  printerStart?: number;
  /** the byte position in the file: it only grows within one print, so a smaller one is a new print */
  position?: number;
}

const ACTIVE = new Set<DeviceJobOutcome | null>(['printing', 'paused']);
/**
 * Two readings of one print's start on the printer's own clock differ by this much at most
 * (Klipper's `total_duration` and `eventtime` come in the same 250 ms update).
 */
const PRINTER_START_PRECISION_S = 5;
/** A state can show a print starting a moment before its start event: the event is that print. */
const START_EVENT_LAG_S = 5;
/** The printer's pace is read from elapsed times this far apart on the agent's clock at least. */
const MIN_PACE_WINDOW_S = 0.2;

/**
 * Gives the printer's current print an identity that does not repeat (file path + start time)
 * and remembers how it ended. The start is estimated once, when the print is first seen, from
 * the printer's elapsed time, and kept while the agent follows the print (across host
 * reconnects too): OctoPrint's `printTime` leaves out paused time (comm.py `getPrintTime`
 * subtracts `_pauseWaitTimeLost`), so a fresh estimate after a pause would move. A new print of
 * the same file always starts later than the one before, by a second at least, so the server
 * never takes it for the earlier one.
 */
export class JobTracker {
  #job: TrackedJob | null = null;
  /** the job's start was announced by the printer (a start event), not only seen in a state */
  #isAnnounced = false;
  /** when the agent first saw the current job, Unix seconds */
  #firstSeenS = 0;
  #position: number | undefined;
  /** the first and the latest of the current job's elapsed times the printer showed, with when */
  #firstElapsed: Sighting | null = null;
  #lastElapsed: Sighting | null = null;
  /**
   * Printer seconds per agent second, the fastest read from a job's elapsed times; kept from job
   * to job (a printer's clock keeps its pace). Null until read: a print shorter than two state
   * pushes (a simulator at ×60) shows none.
   */
  #pace: number | null = null;

  constructor(private readonly nowS: () => number = () => Date.now() / 1000) {}

  get current(): TrackedJob | null {
    return this.#job;
  }

  isActive(): boolean {
    return this.#job !== null && ACTIVE.has(this.#job.outcome);
  }

  /** Seconds since the current job began (its start as the agent knows it). */
  ageS(): number {
    return this.#job ? this.nowS() - this.#job.startedAt : 0;
  }

  /**
   * Whether a print that ran `printSeconds` on the printer's clock can be the current job. The
   * printer's clock may run faster than the agent's (a simulator at speed 20): the bound is what
   * the job has run by the agent's clock at the printer's pace or, when larger, its last elapsed
   * time the printer showed carried on at that pace; `slackS` on the printer's clock at that
   * pace. While no pace was ever read, or the printer has not shown this print's elapsed time
   * yet, the printer's clock cannot be compared with the agent's: the print may be this one (an
   * end event about the current file is taken as its end; OctoPrint's one late end event, the
   * `PrintFailed` after a cancel, is told apart by the follower).
   */
  mayHaveRun(printSeconds: number, slackS: number): boolean {
    const pace = this.#pace;
    const last = this.#lastElapsed;
    if (pace === null || last === null) return true;
    const shown = last.elapsedS + pace * (this.nowS() - last.atS);
    return printSeconds <= Math.max(this.ageS() * pace, shown) + slackS * pace;
  }

  /** The printer shows `path` printing (or paused). */
  observeActive(path: string, seen: ActiveSighting): TrackedJob {
    const job = this.#job;
    const isSame =
      job !== null &&
      this.isActive() &&
      job.path === path &&
      (seen.printerStart === undefined ||
        job.printerStart === undefined ||
        Math.abs(seen.printerStart - job.printerStart) <= PRINTER_START_PRECISION_S) &&
      (seen.position === undefined ||
        this.#position === undefined ||
        seen.position >= this.#position);
    if (!isSame) this.#begin(path, seen.elapsedS, seen.printerStart);
    if (seen.position !== undefined) this.#position = seen.position;
    if (seen.elapsedS !== null) {
      const sighting = { elapsedS: seen.elapsedS, atS: this.nowS() };
      this.#firstElapsed ??= sighting;
      this.#lastElapsed = sighting;
      const wallS = sighting.atS - this.#firstElapsed.atS;
      // the fastest pace read: a window that began while the printer heated reads it slower
      if (wallS >= MIN_PACE_WINDOW_S) {
        const pace = (sighting.elapsedS - this.#firstElapsed.elapsedS) / wallS;
        this.#pace = Math.max(this.#pace ?? 1, pace);
      }
    }
    this.#job!.outcome = seen.isPaused ? 'paused' : 'printing';
    return this.#job!;
  }

  /**
   * The printer announced a start (OctoPrint's `PrintStarted`): always a new print, unless the
   * state showed this very print starting a moment before.
   */
  announceStart(path: string): TrackedJob {
    const job = this.#job;
    const isShownJustBefore =
      job !== null &&
      this.isActive() &&
      job.path === path &&
      !this.#isAnnounced &&
      this.nowS() - this.#firstSeenS <= START_EVENT_LAG_S;
    if (!isShownJustBefore) this.#begin(path, 0, undefined);
    this.#isAnnounced = true;
    this.#job!.outcome = 'printing';
    return this.#job!;
  }

  /**
   * The job ended: with the printer's word (`done`, `cancelled`, `failed`), or null when it is
   * simply gone. A later, more precise word (an event after the state) replaces a null.
   * Answers the job it ended, or null when no job ran (or it had ended already with a word).
   */
  end(outcome: JobEnding | null): TrackedJob | null {
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

  #begin(path: string, elapsedS: number | null, printerStart: number | undefined): void {
    const previous = this.#job;
    let startedAt = Math.round(this.nowS() - Math.max(0, elapsedS ?? 0));
    if (previous && previous.path === path && startedAt <= previous.startedAt) {
      startedAt = previous.startedAt + 1;
    }
    this.#job = {
      path,
      startedAt,
      outcome: 'printing',
      ...(printerStart !== undefined ? { printerStart } : {}),
    };
    this.#isAnnounced = false;
    this.#firstSeenS = this.nowS();
    this.#position = undefined;
    this.#firstElapsed = null;
    this.#lastElapsed = null;
  }
}

/** How a job ended on the printer, as the tracker takes it. */
export type JobEnding = Exclude<DeviceJobOutcome, 'printing' | 'paused'>;

const ENDING_EVENTS = {
  done: 'job_finished',
  cancelled: 'job_cancelled',
  failed: 'job_failed',
} as const satisfies Record<JobEnding, JobEvent['name']>;

/**
 * The event for a job the tracker just ended (Bambu, PrusaLink): finished, cancelled, or failed
 * with `failedReason` (the printer's own word when it gave one).
 */
export function toJobEndEvent(job: TrackedJob, outcome: JobEnding, failedReason: string): JobEvent {
  return {
    name: ENDING_EVENTS[outcome],
    path: job.path,
    startedAt: job.startedAt,
    ...(outcome === 'failed' ? { reason: failedReason } : {}),
  };
}
