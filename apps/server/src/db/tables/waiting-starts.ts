import type { Generated } from 'kysely';

export type WaitingStartState = 'waiting' | 'starting' | 'started' | 'failed' | 'cancelled';

/** A manual or bulk start held by the staggered-start rule (issue 26, migration 0047). */
export interface WaitingStartsTable {
  id: Generated<number>;
  workspace_id: number;
  printer_id: number;
  file_id: number;
  /** who asked: the start runs with their permission when its turn comes */
  user_id: number;
  make_video: number;
  plate: number | null;
  state: WaitingStartState;
  requested_on: string;
  /** when the start was handed to the printer (claimed), once */
  handed_on: string | null;
  ended_on: string | null;
  print_job_id: number | null;
  /** why a start failed (shown on the printer card) */
  error: string | null;
}

export interface WaitingStartsTables {
  waiting_starts: WaitingStartsTable;
}
