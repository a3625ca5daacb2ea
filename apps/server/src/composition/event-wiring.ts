import type { FastifyBaseLogger } from 'fastify';
import type { Services } from './services.js';
import { SWEEP_INTERVAL_MS } from '../modules/print-jobs/print-job-sync.js';
import type {
  PrintJobLifecycle,
  PrintJobLifecycleHooks,
} from '../modules/print-jobs/print-job-lifecycle.js';
import type { createQueueDispatcher } from '../modules/print-queue/queue-dispatcher.js';
import type {
  VideoEventHooks,
  VideoEvents,
  VideoReadyHooks,
} from '../modules/videos/video-events.js';

/** How often free printers look for queue work besides the events that wake them. */
const QUEUE_TICK_MS = 5000;

/**
 * Who hears what, in the order it runs: the one place to read what happens when a print job
 * starts or ends, when a timelapse is flagged, and when a device changes. Modules expose their
 * handlers; only this file subscribes them (docs/data-paths.md draws the two main paths).
 *
 * "A file was uploaded" has no subscriber today: uploads finish in the files module (metadata
 * and previews in the upload request itself); a subscriber would be added here.
 */

/**
 * "A print job ended" and "a video was flagged": registered while the services are composed,
 * before any job can end. In the ending transaction, in this order:
 *   1. videos: the recording closes (ANALYZING with an encode job, or NOT_RECORDED);
 *   2. print queue: the printer's plate is clear (a finished job on a jobox printer) or in use
 *      (anything else: a person looks first);
 *   3. spools: the filament the job used comes off the loaded spools and is recorded on the job;
 *      a spool falling below its low threshold writes a "spool low" outbox row;
 *   4. cost: the job's filament (from the spools it used), energy (the kWh its printer's meter
 *      measured, read just before this transaction, else the average power) and machine-hour
 *      cost are stored on it and added to the statistics' roll-ups;
 *   5. maintenance: the job's print hours and one print go to the printer's maintenance tasks;
 *      a task that became due writes a "maintenance due" outbox row (once per period);
 *   6. notifications: outbox rows for every member who asked for this outcome;
 *   7. webhooks: a delivery for every webhook of the workspace that asked for this event
 *      (job.finished/failed/cancelled, and queue.item_done for a queue item printed to the end).
 * After commit, in the same order: the job runner wakes for the encode, the queue dispatches
 * the printer's next job, the notification worker wakes.
 * "A print job started" (after commit): the queue marks the printer's plate in use; the energy
 * meter's counter is kept on the job.
 */
export function wirePrintJobEvents(deps: {
  lifecycle: PrintJobLifecycle;
  videoEvents: VideoEvents;
  videoRecording: PrintJobLifecycleHooks;
  queue: Pick<
    ReturnType<typeof createQueueDispatcher>,
    'onJobEnded' | 'onJobEndCommitted' | 'onJobStarted'
  >;
  spools: PrintJobLifecycleHooks;
  energy: PrintJobLifecycleHooks;
  cost: PrintJobLifecycleHooks;
  maintenance: PrintJobLifecycleHooks;
  notifications: { jobEnded: PrintJobLifecycleHooks; videoFlagged: VideoEventHooks };
  webhooks: PrintJobLifecycleHooks;
  webhookVideoReady: VideoReadyHooks;
}): void {
  const { lifecycle, queue } = deps;
  lifecycle.subscribe(deps.videoRecording);
  lifecycle.subscribe({
    inTransaction: (trx, job) => queue.onJobEnded(trx, job),
    afterCommit: (job) => queue.onJobEndCommitted(job),
    onStarted: (job) => queue.onJobStarted(job),
  });
  lifecycle.subscribe(deps.spools);
  // before the ending transaction: the printer's meter read (the energy the cost then uses)
  lifecycle.subscribe(deps.energy);
  lifecycle.subscribe(deps.cost);
  lifecycle.subscribe(deps.maintenance);
  lifecycle.subscribe(deps.notifications.jobEnded);
  // 7. webhooks: a delivery row per subscribed webhook (job.started after its start commits)
  lifecycle.subscribe(deps.webhooks);
  // the failure check flagged a finished timelapse: an outbox row in the check's transaction
  deps.videoEvents.subscribe(deps.notifications.videoFlagged);
  // a timelapse stored READY: video.ready in the transaction that stores it
  deps.videoEvents.subscribeReady(deps.webhookVideoReady);
}

/**
 * "A device changed": an agent's event, its presence (a whole state on connect, or gone), or a
 * patch of its state. Started with the workers; returns the stop function. Each change is told
 * to, in this order:
 *   1. print jobs: record the event, reconcile the device's open jobs (a gone device's jobs
 *      become unknown and, after the grace period, are swept as lost);
 *   2. print queue: a printer that became free takes its next job (the dispatcher registers
 *      its own state and presence listeners and its tick through `listen`);
 *   3. webhooks: a link that drops is `printer.offline`, a patch into ERROR `printer.error`;
 *   4. temperature history: the reading is kept for the printer's graph.
 */
export function wireDeviceEvents(services: Services, log: FastifyBaseLogger): () => void {
  const { live } = services.devices;
  const { printJobs, temperatureHistory } = services;
  const report = (what: string) => (error: unknown) =>
    log.error({ err: error }, `print job ${what} failed`);

  live.onEvent((deviceKeyId, event) => {
    printJobs.applyDeviceEvent(deviceKeyId, event).catch(report('event'));
  });
  live.onPresence((deviceKeyId, change) => {
    printJobs.applyPresence(deviceKeyId, change).catch(report('presence'));
  });
  live.onStateChange((deviceKeyId, state) => {
    printJobs.applyState(deviceKeyId, state).catch(report('reconcile'));
  });
  services.printQueue.dispatcher.listen(log, QUEUE_TICK_MS, services.cluster.isLeader);
  services.waitingStarts.listen();
  services.webhooks.watchPrinters(live, log);
  live.onStateChange((deviceKeyId, state) =>
    temperatureHistory.feed.recordState(deviceKeyId, state),
  );
  live.onPresence((deviceKeyId, change) =>
    temperatureHistory.feed.recordPresence(deviceKeyId, change),
  );

  // the timers that go with these listeners
  const sweep = setInterval(() => {
    printJobs.sweepLostJobs().catch(report('sweep'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const stopSampling = temperatureHistory.feed.startSampling();
  return () => {
    clearInterval(sweep);
    stopSampling();
    services.printQueue.dispatcher.stop();
  };
}
