import path from 'node:path';
import Database from 'better-sqlite3';
import type { AppUnderTest } from './app-under-test.js';

export interface EndedJob {
  workspaceId: number;
  printerName: string;
  username: string;
  startedMs: number;
  /** how long it ran, start to end */
  seconds: number;
  outcome: 'done' | 'failed' | 'cancelled';
  grams: number;
  millimetres: number;
  /** the file's estimate */
  printingTimeSec: number;
  /** what it cost (issue 26, print-cost.ts); none: no price */
  cost?: number;
}

/**
 * Ended print jobs (of no printer and no file any more) written straight into the instance's
 * database, together with what the server adds to the statistics' roll-ups when a job ends
 * (`addEndedJobToRollups` in apps/server/src/modules/stats/job-rollups.ts): the statistics read
 * the roll-ups, never the jobs. A finished job counts its estimates; any other the share of them
 * its time covered.
 */
export function seedEndedJobs(app: AppUnderTest, jobs: EndedJob[]): void {
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const insertJob = db.prepare(
      `INSERT INTO print_jobs (workspace_id, file_id, file_name, printer_id, printer_name,
        device_key_id, user_id, username, started_on, ended_on, outcome, make_video, video_state,
        filament_used_g, filament_used_mm, printing_time_sec, cost_total)
       VALUES (?, NULL, 'part.gcode', NULL, ?, 1, NULL, ?, ?, ?, ?, 0, 'NOT_RECORDED', ?, ?, ?, ?)`,
    );
    const addDay = db.prepare(
      `INSERT INTO job_rollup_days (workspace_id, day, outcome, jobs, grams, millimetres, seconds,
        share_grams, share_millimetres, share_seconds, cost)
       VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (workspace_id, day, outcome) DO UPDATE SET jobs = jobs + 1,
        grams = grams + excluded.grams, millimetres = millimetres + excluded.millimetres,
        seconds = seconds + excluded.seconds, share_grams = share_grams + excluded.share_grams,
        share_millimetres = share_millimetres + excluded.share_millimetres,
        share_seconds = share_seconds + excluded.share_seconds, cost = cost + excluded.cost`,
    );
    const addPrinterDay = db.prepare(
      `INSERT INTO job_rollup_printer_days (workspace_id, day, printer_id, printer_name, jobs,
        done_seconds, share_seconds, cost)
       VALUES (?, ?, 0, ?, 1, ?, ?, ?)
       ON CONFLICT (workspace_id, day, printer_id, printer_name) DO UPDATE SET jobs = jobs + 1,
        done_seconds = done_seconds + excluded.done_seconds,
        share_seconds = share_seconds + excluded.share_seconds, cost = cost + excluded.cost`,
    );
    db.transaction(() => {
      for (const job of jobs) {
        const startedOn = new Date(job.startedMs).toISOString();
        const endedOn = new Date(job.startedMs + job.seconds * 1000).toISOString();
        const estimate = job.printingTimeSec;
        insertJob.run(
          job.workspaceId,
          job.printerName,
          job.username,
          startedOn,
          endedOn,
          job.outcome,
          job.grams,
          job.millimetres,
          estimate,
          job.cost ?? null,
        );
        const isDone = job.outcome === 'done';
        const share = isDone || estimate <= 0 ? 0 : Math.min(1, job.seconds / estimate);
        const day = startedOn.slice(0, 10);
        addDay.run(
          job.workspaceId,
          day,
          job.outcome,
          job.grams,
          job.millimetres,
          estimate,
          job.grams * share,
          job.millimetres * share,
          estimate * share,
          job.cost ?? 0,
        );
        addPrinterDay.run(
          job.workspaceId,
          day,
          job.printerName,
          isDone ? estimate : 0,
          estimate * share,
          job.cost ?? 0,
        );
      }
    })();
  } finally {
    db.close();
  }
}
