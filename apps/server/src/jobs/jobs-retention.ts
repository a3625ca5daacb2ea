import type { Clock } from '../clock.js';
import { defineRecurringJob } from './job-kind.js';
import type { JobsRepository } from './jobs.repository.js';

/** A done job is kept a week (what ran lately), a failed one a month (why it failed). */
export const JOBS_RETENTION = {
  doneDays: 7,
  failedDays: 30,
  everyMs: 60 * 60_000,
};

const DAY_MS = 24 * 60 * 60_000;

/**
 * The job table's own retention, as a recurring job: finished jobs past their days go (each
 * message and each encode adds one); pending and running ones, and recurring rows, stay.
 */
export function createJobsRetention(jobs: JobsRepository, clock: Clock) {
  return defineRecurringJob({
    name: 'jobs.retention',
    everyMs: JOBS_RETENTION.everyMs,
    leaseMs: 10 * 60_000,
    async run() {
      const now = clock.now().getTime();
      await jobs.deleteFinished(
        new Date(now - JOBS_RETENTION.doneDays * DAY_MS).toISOString(),
        new Date(now - JOBS_RETENTION.failedDays * DAY_MS).toISOString(),
      );
    },
  });
}
