import { describe, expect, it } from 'vitest';
import { LiveDevices } from '../../gateway/live-devices.js';
import { TestClock } from '../../../test-support/test-clock.js';
import { createPrintJobSync } from './print-job-sync.js';
import type { PrintJobsRepository } from './print-jobs.repository.js';

/**
 * A database that does not answer (a connection timeout under load) fails the one reconcile
 * that met it, for its caller to log; it must not leave a rejection nobody handles, which ends
 * the whole server process (it ended the scale benchmark's server once).
 */
describe('print job sync when the database fails', () => {
  it('rejects to its caller and leaves no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = new Error('timeout exceeded when trying to connect');
      const jobs = {
        listOpenDeviceJobs: () => Promise.reject(failing),
      } as unknown as PrintJobsRepository;
      const clock = new TestClock();
      const sync = createPrintJobSync({
        jobs,
        live: new LiveDevices(clock),
        clock,
        endJob: async () => undefined,
        onRecorded: () => undefined,
        starting: new Set(),
      });
      await expect(sync.applyDetached(1)).rejects.toBe(failing);
      // unhandled rejections are reported after the microtasks of the turn they happened in
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
