import type { Generated } from 'kysely';

/** Printing: print jobs, the print queue and timelapse videos. */

export type PrintJobOutcome = 'printing' | 'done' | 'cancelled' | 'failed' | 'unknown';

export interface PrintJobsTable {
  id: Generated<number>;
  workspace_id: number;
  file_id: number | null;
  file_name: string;
  printer_id: number | null;
  printer_name: string;
  device_key_id: number;
  user_id: number | null;
  username: string;
  started_on: string;
  ended_on: string | null;
  outcome: PrintJobOutcome;
  make_video: number;
  video_state: string | null;
  filament_used_g: number | null;
  filament_used_mm: number | null;
  printing_time_sec: number | null;
  /** the file's path on the printer: with `device_started_at`, the printer's job identity */
  device_path: Generated<string | null>;
  /** when the print began on the printer, Unix seconds */
  device_started_at: Generated<number | null>;
  /** 1: started on the printer itself, not through Printdeck */
  started_on_printer: Generated<number>;
  /** why Printdeck concluded this outcome when the printer did not say (reconciled, device gone) */
  end_reason: Generated<string | null>;
  /** cost per print (issue 26, migration 0040): set when the job ends; null before, or never */
  cost_filament: Generated<number | null>;
  cost_energy: Generated<number | null>;
  cost_machine: Generated<number | null>;
  cost_total: Generated<number | null>;
  cost_currency: Generated<string | null>;
  /** the printer's energy meter when the job started, Wh (migration 0053); null: no reading */
  energy_meter_start_wh: Generated<number | null>;
  /** the energy the meter measured from start to end, kWh; null: not measured */
  energy_kwh: Generated<number | null>;
}

export type PrintQueueState = 'TO_BE_PRINTED' | 'PRINTED' | 'DONE';

export type PrintQueueStarter = 'manual' | 'jobox' | 'dispatch';

/** Spec part 2 §3 "Print queue item"; see migration 0008 for the claim columns. */
export interface PrintQueueItemsTable {
  id: Generated<number>;
  workspace_id: number;
  file_id: number;
  printer_id: number | null;
  state: PrintQueueState;
  position: number;
  jobox_autostart: number;
  make_video: number;
  print_job_id: number | null;
  added_by_id: number | null;
  added_by_username: string;
  added_on: string;
  printed_on: string | null;
  done_on: string | null;
  started_by: PrintQueueStarter | null;
  starting_on: string | null;
  is_held: number;
  start_error: string | null;
  start_error_on: string | null;
  /** copies of one request: the first copy's id, this copy's number (1..N) and N */
  copy_group_id: number | null;
  copy_index: number | null;
  copy_count: number | null;
  /** what the loaded spool must be (migration 0042): a spool material and `#rrggbb`; null is any */
  required_material: string | null;
  required_color_hex: string | null;
}

export type TimelapseQuota = 'job_quota' | 'workspace_quota';

/** A timelapse video of one print job (its id is the job's id); bytes under the *_key columns. */
export interface VideosTable {
  print_job_id: number;
  workspace_id: number;
  is_public: Generated<number>;
  created_on: string;
  frames_received: Generated<number>;
  frames_corrupt: Generated<number>;
  frames_dropped: Generated<number>;
  camera_failures: Generated<number>;
  failure_reason: string | null;
  /** the failure check: null until it ran, then 0 or 1 with its reasons (a JSON array) */
  check_flagged: number | null;
  check_reasons: Generated<string>;
  duration_sec: number | null;
  video_size: number | null;
  /** bytes of the frames still kept for this video (0 once the video is made from them) */
  frame_bytes: Generated<number>;
  /** which timelapse quota ended the recording early (issue 23), or null */
  recording_stopped: TimelapseQuota | null;
  video_key: string | null;
  photo_key: string | null;
  strip_key: string | null;
}

/** A frame the agent sent, kept until the video is made. */
export interface VideoFramesTable {
  video_id: number;
  seq: number;
  taken_on: string;
  storage_key: string;
  size: number;
  width: number;
  height: number;
}

/** The tables above, by their names in the database. */
/**
 * Roll-ups of ended print jobs by the UTC day they started (issue 31), written in the same
 * transaction that ends a job: the statistics read these, not every job. `share_*` sum the
 * elapsed share of the estimates of jobs that ended without finishing.
 */
export interface JobRollupDaysTable {
  workspace_id: number;
  day: string;
  outcome: PrintJobOutcome;
  jobs: number;
  grams: number;
  millimetres: number;
  seconds: number;
  share_grams: number;
  share_millimetres: number;
  share_seconds: number;
  /** the ended jobs' cost (migration 0040) */
  cost: Generated<number>;
  /** ended jobs without a file, at their end or since their file was deleted (migration 0050) */
  jobs_without_file: Generated<number>;
}

/** Ended jobs per day and printer (0: none; a deleted printer's rows read as none). */
export interface JobRollupPrinterDaysTable {
  workspace_id: number;
  day: string;
  printer_id: number;
  printer_name: string;
  jobs: number;
  done_seconds: number;
  share_seconds: number;
  cost: Generated<number>;
}

/** Ended jobs per day and user (0: none; a deleted user's rows read as none), migration 0050. */
export interface JobRollupUserDaysTable {
  workspace_id: number;
  day: string;
  user_id: number;
  username: string;
  jobs: number;
  done_jobs: number;
  /** the estimates of finished jobs, the covered share of the others' */
  grams: number;
  seconds: number;
  cost: number;
}

/** The printer days' totals by month ('2026-11'), kept beside them (migration 0056). */
export interface JobRollupPrinterMonthsTable {
  workspace_id: number;
  month: string;
  printer_id: number;
  printer_name: string;
  jobs: number;
  done_seconds: number;
  share_seconds: number;
  cost: Generated<number>;
}

/** The user days' totals by month ('2026-11'), kept beside them (migration 0056). */
export interface JobRollupUserMonthsTable {
  workspace_id: number;
  month: string;
  user_id: number;
  username: string;
  jobs: number;
  done_jobs: number;
  grams: number;
  seconds: number;
  cost: number;
}

/** Ended jobs per file, all time (the row goes with its file), migration 0050. */
export interface JobRollupFilesTable {
  file_id: number;
  workspace_id: number;
  jobs: number;
  done_jobs: number;
  grams: number;
  seconds: number;
  cost: number;
  last_started_on: string;
}

export interface PrintingTables {
  print_jobs: PrintJobsTable;
  print_queue_items: PrintQueueItemsTable;
  job_rollup_days: JobRollupDaysTable;
  job_rollup_printer_days: JobRollupPrinterDaysTable;
  job_rollup_user_days: JobRollupUserDaysTable;
  job_rollup_files: JobRollupFilesTable;
  job_rollup_printer_months: JobRollupPrinterMonthsTable;
  job_rollup_user_months: JobRollupUserMonthsTable;
  videos: VideosTable;
  video_frames: VideoFramesTable;
}
