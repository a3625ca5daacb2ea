import type { Clock } from '../../clock.js';
import type { PrintJobLifecycleHooks } from '../print-jobs/print-job-lifecycle.js';
import type { VideosRepository } from './videos.repository.js';

/**
 * When a job with make_video ends: in the ending transaction the video becomes ANALYZING with
 * a durable encode job (or NOT_RECORDED without a frame); after commit the worker wakes. The
 * encode waits `frameGraceMs` for frames still in the agent's spool, unless the agent says
 * earlier that it sent them all.
 */
export function createVideoRecordingHooks(deps: {
  videos: VideosRepository;
  clock: Clock;
  frameGraceMs: number;
  wakeWorker: () => void;
}): PrintJobLifecycleHooks {
  return {
    async inTransaction(trx, job) {
      if (job.make_video !== 1) return;
      const now = deps.clock.now();
      await deps.videos.closeRecording(trx, job.id, {
        now: now.toISOString(),
        runAfter: new Date(now.getTime() + deps.frameGraceMs).toISOString(),
      });
    },
    afterCommit(job) {
      if (job.make_video === 1) deps.wakeWorker();
    },
  };
}
