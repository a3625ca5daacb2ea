import {
  isSameDeviceJob,
  JOB_START_TOLERANCE_S,
  type DeviceJobIdentity,
  type DeviceJobOutcome,
  type DeviceState,
  type PrintJobEndReason,
} from '@printdeck/shared';
import type { PrintJobRow } from './print-jobs.repository.js';

/**
 * A job handed to the printer whose start the printer has not confirmed yet, or whose start
 * event came before a state showing it, is left alone this long (the start can still be on its
 * way, e.g. after the server gave up waiting). The sweep reconciles again after it.
 */
export const START_GRACE_S = 120;

/** What one device state says about the printer's job. */
export interface DeviceJobView {
  /** false while the printer's host cannot be seen (unreachable, key refused): nothing is known */
  isKnown: boolean;
  /** printing, paused, or on the way between */
  isActive: boolean;
  /** the printer's identity of the job it shows (running or last), when the agent reports one */
  identity: DeviceJobIdentity | null;
  outcome: DeviceJobOutcome | null;
}

const BLIND_ERRORS = new Set(['printer-unreachable', 'permission-denied']);

export function readDeviceJobView(state: DeviceState): DeviceJobView {
  const { flags } = state.state;
  const isKnown = !(state.error && BLIND_ERRORS.has(state.error.code));
  const isActive =
    flags.printing ||
    flags.paused ||
    flags.pausing ||
    flags.resuming ||
    flags.cancelling ||
    flags.finishing;
  const job = state.job;
  const identity =
    job?.path && typeof job.started_at === 'number'
      ? { path: job.path, started_at: job.started_at }
      : null;
  return { isKnown, isActive, identity, outcome: job?.outcome ?? null };
}

export type EndOutcome = 'done' | 'cancelled' | 'failed' | 'unknown';

export type ReconcileAction =
  /** still printing on the device: back to `printing` if it was unknown */
  | { kind: 'keep'; jobId: number }
  /** the job's start was not seen, but the printer prints its file since it was handed over */
  | { kind: 'adopt'; jobId: number; identity: DeviceJobIdentity }
  | { kind: 'end'; jobId: number; outcome: EndOutcome; reason: string };

export function jobIdentity(job: PrintJobRow): DeviceJobIdentity | null {
  return job.device_path !== null && job.device_started_at !== null
    ? { path: job.device_path, started_at: job.device_started_at }
    : null;
}

const TERMINAL = new Set<DeviceJobOutcome>(['done', 'cancelled', 'failed']);

export const REASONS = {
  reported: (outcome: string) =>
    `Reconciled: the printer reports this print ${outcome}; its end event was not seen.`,
  gone: 'The printer no longer prints this job and does not say how it ended.',
  replaced: 'The printer is printing another job; this one ended while Printdeck could not see it.',
  neverStarted: 'The printer never reported starting this job.',
  lost: (hours: number) => `The printer has not been seen for ${hours} hours.`,
} as const;

/**
 * The code of a stored reason: one of Printdeck's own sentences above, or else the printer's
 * own words (a failed job's reason from OctoPrint or Klipper).
 */
export function readEndReasonCode(reason: string | null): PrintJobEndReason | null {
  if (reason === null || reason === '') return null;
  if (reason === REASONS.gone) return 'gone';
  if (reason === REASONS.replaced) return 'replaced';
  if (reason === REASONS.neverStarted) return 'never_started';
  if (/^Reconciled: the printer reports this print \w+; its end event was not seen\.$/.test(reason))
    return 'reconciled';
  if (/^The printer has not been seen for \d+ hours\.$/.test(reason)) return 'lost';
  return 'printer';
}

/**
 * Converges the device's open jobs with what the device shows: a job the printer still prints
 * stays, one it no longer prints ends with what the printer says, or `unknown` with the reason.
 * Pure: the service applies the actions (every end through `endJob`).
 */
export function planReconcile(input: {
  jobs: PrintJobRow[];
  view: DeviceJobView;
  nowS: number;
  /** jobs being handed to the device right now */
  starting: ReadonlySet<number>;
}): ReconcileAction[] {
  const { view, nowS } = input;
  const shown = view.identity;
  const actions: ReconcileAction[] = [];
  for (const job of input.jobs) {
    if (input.starting.has(job.id)) continue;
    const own = jobIdentity(job);
    const handedAtS = Date.parse(job.started_on) / 1000;
    if (view.isActive && !shown) {
      actions.push({ kind: 'keep', jobId: job.id }); // printing something we cannot tell apart
      continue;
    }
    const isFresh = nowS - Math.max(handedAtS, own?.started_at ?? 0) < START_GRACE_S;
    if (own) {
      // the agent starts a new print of the same file a second later at least (JobTracker): a
      // shown print that began before ours and ended is the one before it, in a state sent
      // before ours began (at ×60 a copy prints between two state pushes); ours shows next
      const isEarlierPrint =
        shown !== null &&
        !view.isActive &&
        shown.path === own.path &&
        shown.started_at < own.started_at;
      if (isEarlierPrint && isFresh) continue;
      if (shown && isSameDeviceJob(own, shown)) {
        if (!view.isActive && isFresh && !isTerminal(view.outcome)) continue;
        actions.push(endOrKeep(job.id, view));
      } else if (!view.isActive && isFresh) {
        // the start event can run ahead of the state that shows the print: give it time
        continue;
      } else {
        const reason = view.isActive ? REASONS.replaced : REASONS.gone;
        actions.push({ kind: 'end', jobId: job.id, outcome: 'unknown', reason });
      }
      continue;
    }
    const isOurFile =
      shown !== null &&
      job.device_path === shown.path &&
      shown.started_at >= handedAtS - JOB_START_TOLERANCE_S;
    if (isOurFile && view.isActive) {
      actions.push({ kind: 'adopt', jobId: job.id, identity: shown });
    } else if (nowS - handedAtS < START_GRACE_S) {
      continue;
    } else if (isOurFile) {
      actions.push(endOrKeep(job.id, view));
    } else {
      actions.push({
        kind: 'end',
        jobId: job.id,
        outcome: 'unknown',
        reason: REASONS.neverStarted,
      });
    }
  }
  return actions;
}

function isTerminal(outcome: DeviceJobOutcome | null): boolean {
  return outcome !== null && TERMINAL.has(outcome);
}

function endOrKeep(jobId: number, view: DeviceJobView): ReconcileAction {
  if (view.isActive) return { kind: 'keep', jobId };
  if (view.outcome && TERMINAL.has(view.outcome)) {
    const outcome = view.outcome as EndOutcome;
    return { kind: 'end', jobId, outcome, reason: REASONS.reported(outcome) };
  }
  return { kind: 'end', jobId, outcome: 'unknown', reason: REASONS.gone };
}
