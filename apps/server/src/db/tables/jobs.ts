import type { Generated } from 'kysely';

export type BackgroundJobState = 'pending' | 'running' | 'done' | 'failed';

/**
 * Durable background work of every kind (migration 0019), claimed by the job runner: `pending`
 * until `run_after`, `running` while a worker holds it until `lease_until` (past it, another
 * takes it over), then `done` or `failed`. `key` makes an enqueue idempotent.
 */
export interface BackgroundJobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  /** JSON, checked by the kind's zod schema when claimed */
  payload: string;
  state: BackgroundJobState;
  attempts: Generated<number>;
  run_after: string;
  lease_until: string | null;
  last_error: string | null;
  created_on: string;
}

export interface JobTables {
  background_jobs: BackgroundJobsTable;
}
