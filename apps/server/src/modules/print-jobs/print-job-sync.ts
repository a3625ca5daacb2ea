import {
  isSameDeviceJob,
  JOB_START_TOLERANCE_S,
  readEventJobIdentity,
  type DeviceJobIdentity,
  type DeviceState,
} from '@printdeck/shared';
import type { Clock } from '../../clock.js';
import type { DeviceEvent, LiveDevices } from '../../gateway/live-devices.js';
import {
  jobIdentity,
  planReconcile,
  readDeviceJobView,
  REASONS,
  START_GRACE_S,
  type DeviceJobView,
  type EndOutcome,
} from './print-job-reconcile.js';
import {
  RUNNING_JOB_COLUMNS,
  type PrintJobRow,
  type PrintJobsRepository,
} from './print-jobs.repository.js';

/**
 * A device that has not shown its printer for this long (agent gone, or its OctoPrint/Moonraker
 * unreachable) has its open jobs ended as `unknown`. Prints run for days, so this is long; a
 * server restart starts the wait again (the last sighting is not stored).
 */
export const LOST_DEVICE_GRACE_S = 12 * 3600;
/** How often the lost-device sweep looks (it reads time from the injected clock). */
export const SWEEP_INTERVAL_MS = 60_000;

const END_EVENTS = {
  job_finished: 'done',
  job_failed: 'failed',
  job_cancelled: 'cancelled',
} as const;

interface Deps {
  jobs: PrintJobsRepository;
  live: LiveDevices;
  clock: Clock;
  /** the one way a job ends (print-jobs service): hooks run exactly once */
  endJob: (jobId: number, outcome: EndOutcome, reason?: string | null) => Promise<unknown>;
  /** a job was recorded (printer-started jobs too) */
  onRecorded: (job: PrintJobRow) => void;
  /** jobs being handed to a device right now: the device has not had its say on them yet */
  starting: ReadonlySet<number>;
  lostGraceS?: number;
  /** with several instances only the leader ends the jobs of devices out of sight */
  isLeader?: () => boolean;
}

/**
 * Keeps print jobs true to the devices: events reach the job they name by the printer's own
 * identity, every state converges the open jobs (reconcile), prints started on the printer get
 * their own record, and a device that never comes back has its jobs ended as `unknown`.
 * Work for one device runs one piece at a time, in the order it arrived.
 */
export function createPrintJobSync(deps: Deps) {
  const { jobs, live, clock } = deps;
  const lostGraceS = deps.lostGraceS ?? LOST_DEVICE_GRACE_S;
  const nowS = () => clock.now().getTime() / 1000;
  const queues = new Map<number, Promise<void>>();
  /** what each device's last state said about jobs */
  const views = new Map<number, DeviceJobView>();
  const startedAtS = nowS();
  /** when each device last showed its printer (Unix seconds) */
  const lastKnown = new Map<number, number>();

  function serial(deviceKeyId: number, task: () => Promise<void>): Promise<void> {
    const previous = queues.get(deviceKeyId) ?? Promise.resolve();
    const next = previous.then(task, task);
    queues.set(deviceKeyId, next);
    const forget = () => {
      if (queues.get(deviceKeyId) === next) queues.delete(deviceKeyId);
    };
    // not `finally`: its promise would reject again with nobody to catch it (ends the process)
    next.then(forget, forget);
    return next;
  }

  /**
   * The job an event is about: the one it names if that is the same print, else by identity.
   * Of the jobs of the same file within the start tolerance the nearest start is the print (a
   * file printed again within a minute is another job); a start event is a new print unless a
   * job still open, or one started at the very same moment, is it.
   */
  async function findEventJobs(
    deviceKeyId: number,
    jobId: number | null,
    identity: DeviceJobIdentity | null,
    isStart: boolean,
  ): Promise<PrintJobRow[]> {
    const candidates = identity ? await jobs.findDeviceJobsByPath(deviceKeyId, identity.path) : [];
    const nearest = identity ? nearestJob(candidates, identity, isStart) : null;
    if (jobId !== null) {
      const job = await jobs.findJob(jobId);
      const own = job ? jobIdentity(job) : null;
      const isSamePrint =
        !identity ||
        (own
          ? isSameDeviceJob(own, identity) && (nearest === null || nearest.id === job!.id)
          : !job?.device_path || job.device_path === identity.path);
      if (job && job.device_key_id === deviceKeyId && isSamePrint) return [job];
    }
    return nearest ? [nearest] : [];
  }

  /**
   * A start event without our job id can still be our print: the agent may see the printer
   * start before the print command's answer ties the print to our job. Ours is a job being
   * handed over right now, or handed over moments ago for this same file, not yet identified.
   */
  async function findHandedJob(
    deviceKeyId: number,
    identity: DeviceJobIdentity,
  ): Promise<PrintJobRow | null> {
    const open = await jobs.listOpenDeviceJobs(deviceKeyId);
    const handed = open.find((job) => {
      if (jobIdentity(job)) return false;
      const handedAtS = Date.parse(job.started_on) / 1000;
      if (identity.started_at < handedAtS - JOB_START_TOLERANCE_S) return false;
      if (deps.starting.has(job.id)) return !job.device_path || job.device_path === identity.path;
      return job.device_path === identity.path && nowS() - handedAtS < START_GRACE_S;
    });
    return handed ?? null;
  }

  /** A print the printer runs that no job of ours is: one record per workspace printer. */
  async function recordPrinterJob(deviceKeyId: number, identity: DeviceJobIdentity): Promise<void> {
    const known = await jobs.findDeviceJobsByPath(deviceKeyId, identity.path);
    if (nearestJob(known, identity, true)) return;
    const fileName = identity.path.split('/').pop() || identity.path;
    for (const printer of await jobs.listDevicePrinters(deviceKeyId)) {
      const id = await jobs.insertJob({
        workspace_id: printer.workspace_id,
        file_id: null,
        file_name: fileName.slice(0, 255),
        printer_id: printer.id,
        printer_name: printer.name,
        device_key_id: deviceKeyId,
        user_id: null,
        username: '',
        started_on: new Date(identity.started_at * 1000).toISOString(),
        ...RUNNING_JOB_COLUMNS,
        device_path: identity.path,
        device_started_at: identity.started_at,
        started_on_printer: 1,
      });
      const row = await jobs.findJob(id);
      if (row) deps.onRecorded(row);
    }
  }

  async function applyEvent(deviceKeyId: number, event: DeviceEvent): Promise<void> {
    const isStart = event.name === 'job_started';
    const outcome = END_EVENTS[event.name as keyof typeof END_EVENTS];
    if (!isStart && !outcome) return;
    const identity = readEventJobIdentity(event.data);
    const found = await findEventJobs(deviceKeyId, event.jobId, identity, isStart);
    if (isStart) {
      if (found.length === 0 && identity && event.jobId === null) {
        const handed = await findHandedJob(deviceKeyId, identity);
        if (!handed) return recordPrinterJob(deviceKeyId, identity);
        found.push(handed);
      }
      for (const job of found) {
        await jobs.updateOpenJob(job.id, {
          outcome: 'printing',
          ...(identity && !jobIdentity(job)
            ? { device_path: identity.path, device_started_at: identity.started_at }
            : {}),
        });
      }
      return;
    }
    const reason = typeof event.data.reason === 'string' ? event.data.reason : null;
    for (const job of found) await deps.endJob(job.id, outcome, reason);
  }

  async function reconcile(deviceKeyId: number, view: DeviceJobView): Promise<void> {
    const open = await jobs.listOpenDeviceJobs(deviceKeyId);
    if (!view.isKnown) {
      for (const job of open)
        if (job.outcome === 'printing') await jobs.updateOpenJob(job.id, { outcome: 'unknown' });
      return;
    }
    lastKnown.set(deviceKeyId, nowS());
    const actions = planReconcile({ jobs: open, view, nowS: nowS(), starting: deps.starting });
    for (const action of actions) {
      if (action.kind === 'end') await deps.endJob(action.jobId, action.outcome, action.reason);
      else if (action.kind === 'adopt') {
        await jobs.updateOpenJob(action.jobId, {
          outcome: 'printing',
          device_path: action.identity.path,
          device_started_at: action.identity.started_at,
        });
      } else await jobs.updateOpenJob(action.jobId, { outcome: 'printing' });
    }
    const shown = view.identity;
    if (!view.isActive || !shown) return;
    const isOurs = open.some((job) => {
      const own = jobIdentity(job);
      if (own) return isSameDeviceJob(own, shown);
      // a job handed over moments ago may be this print: its start event is on the way
      const handedAtS = Date.parse(job.started_on) / 1000;
      return deps.starting.has(job.id) || nowS() - handedAtS < START_GRACE_S;
    });
    if (!isOurs) await recordPrinterJob(deviceKeyId, shown);
  }

  function recheck(deviceKeyId: number): Promise<void> {
    const { state, isConnected } = live.get(deviceKeyId);
    // with several instances the device's own instance reconciles it, one piece at a time
    if (!isConnected || !state || !live.isLocal(deviceKeyId)) return Promise.resolve();
    return serial(deviceKeyId, () => reconcile(deviceKeyId, readDeviceJobView(state)));
  }

  return {
    applyEvent: (deviceKeyId: number, event: DeviceEvent) =>
      serial(deviceKeyId, () => applyEvent(deviceKeyId, event)),

    /** A state (snapshot, or a change): reconcile when what it says about jobs changed. */
    applyState(deviceKeyId: number, state: DeviceState, isSnapshot: boolean): Promise<void> {
      const view = readDeviceJobView(state);
      if (!isSnapshot && isSameJobView(views.get(deviceKeyId), view)) return Promise.resolve();
      views.set(deviceKeyId, view);
      return serial(deviceKeyId, () => reconcile(deviceKeyId, view));
    },

    /** Reconciles with the device's current state, e.g. once a start it was handed settled. */
    recheck,

    /** The device went away: its running jobs become unknown (never failed) until it returns. */
    applyDetached(deviceKeyId: number): Promise<void> {
      views.delete(deviceKeyId);
      lastKnown.set(deviceKeyId, nowS());
      return serial(deviceKeyId, () =>
        reconcile(deviceKeyId, { isKnown: false, isActive: false, identity: null, outcome: null }),
      );
    },

    /**
     * Reconciles the devices in sight that hold open jobs once more, and ends, as `unknown`, the
     * open jobs of devices not seen for the grace period. Driven by a timer in the server and
     * directly by tests (with a moved clock).
     */
    async sweepLostJobs(): Promise<number> {
      let ended = 0;
      const now = nowS();
      const rechecked = new Set<number>();
      for (const job of await jobs.listOpenJobs()) {
        const device = live.get(job.device_key_id);
        const isVisible =
          device.isConnected && device.state && readDeviceJobView(device.state).isKnown;
        if (isVisible) {
          if (!live.isLocal(job.device_key_id)) continue; // its own instance rechecks it
          // a state that did not change since a start still gets its say after the grace
          if (!rechecked.has(job.device_key_id)) await recheck(job.device_key_id);
          rechecked.add(job.device_key_id);
          continue;
        }
        if (deps.isLeader && !deps.isLeader()) continue;
        const seenS = lastKnown.get(job.device_key_id) ?? startedAtS;
        if (now - seenS < lostGraceS) continue;
        await serial(job.device_key_id, async () => {
          if (await deps.endJob(job.id, 'unknown', REASONS.lost(Math.round(lostGraceS / 3600))))
            ended += 1;
        });
      }
      return ended;
    },
  };
}

/**
 * The same thing said about jobs. Compared field by field: a JSON signature of each push's view
 * cost a string per push (2,300 a second at 5,000 devices, issue 31).
 */
function isSameJobView(held: DeviceJobView | undefined, view: DeviceJobView): boolean {
  return (
    held !== undefined &&
    held.isKnown === view.isKnown &&
    held.isActive === view.isActive &&
    held.outcome === view.outcome &&
    held.identity?.path === view.identity?.path &&
    held.identity?.started_at === view.identity?.started_at
  );
}

/**
 * Two starts this close are one print: the agent keeps a print's start while it follows it and
 * starts a reprint of the same file later than the print before.
 */
const SAME_START_S = 1;

/**
 * Of `jobs` (one file on one device), the one whose start is nearest `identity`'s within the
 * start tolerance. For a start, an ended job is that print only when it started at the same
 * moment: a print that ended cannot start again.
 */
function nearestJob(
  jobs: PrintJobRow[],
  identity: DeviceJobIdentity,
  isStart: boolean,
): PrintJobRow | null {
  let nearest: PrintJobRow | null = null;
  let nearestGap = Infinity;
  for (const job of jobs) {
    const own = jobIdentity(job);
    if (!own || !isSameDeviceJob(own, identity)) continue;
    const gap = Math.abs(own.started_at - identity.started_at);
    if (isStart && job.ended_on !== null && gap > SAME_START_S) continue;
    if (gap < nearestGap) [nearest, nearestGap] = [job, gap];
  }
  return nearest;
}
