import type { Db } from '../db/database.js';
import type { PrintJobOutcome } from '../db/schema.js';
import { createPrintJobsRepository } from '../modules/print-jobs/print-jobs.repository.js';

const DAY_MS = 24 * 3600 * 1000;

export interface DemoHistoryInput {
  workspaceId: number;
  user: { id: number; username: string };
  printers: Array<{ id: number; name: string; device_key_id: number }>;
  files: Array<{
    id: number;
    name: string;
    printing_time_sec: number | null;
    filament_used_g: number | null;
    filament_used_mm: number | null;
  }>;
  now: Date;
  /** how far back the history reaches */
  days?: number;
}

type EndedOutcome = Exclude<PrintJobOutcome, 'printing' | 'unknown'>;

/** Mostly finished prints; every fifth cancelled part-way, every seventh failed. */
function outcomeOf(index: number): EndedOutcome {
  if (index % 7 === 3) return 'failed';
  if (index % 5 === 2) return 'cancelled';
  return 'done';
}

/**
 * Weeks of ended jobs on the workspace's printers, written as the server writes them: each job
 * starts running and is then ended through `endJob`, which keeps the statistics' roll-ups.
 * Answers the ids, oldest first.
 */
export async function seedDemoHistory(db: Db, input: DemoHistoryInput): Promise<number[]> {
  const jobs = createPrintJobsRepository(db);
  const days = input.days ?? 28;
  if (input.printers.length === 0 || input.files.length === 0) return [];
  const ids: number[] = [];
  // about three jobs every two days, spread over the printers, oldest first
  const count = Math.round(days * 1.5);
  for (let i = 0; i < count; i += 1) {
    const printer = input.printers[i % input.printers.length]!;
    const file = input.files[(i * 3) % input.files.length]!;
    const estimate = file.printing_time_sec ?? 3600;
    const outcome = outcomeOf(i);
    const share = outcome === 'done' ? 1 : 0.2 + ((i * 37) % 60) / 100;
    // mornings to evenings: 7:00 plus a few hours, on the day i falls on
    const startedMs =
      input.now.getTime() - days * DAY_MS + Math.floor((i * days * DAY_MS) / count) + 7 * 3600_000;
    const endedMs = startedMs + Math.round(estimate * share * 1000);
    if (endedMs >= input.now.getTime()) break;
    const id = await jobs.insertJob({
      workspace_id: input.workspaceId,
      file_id: file.id,
      file_name: file.name,
      printer_id: printer.id,
      printer_name: printer.name,
      device_key_id: printer.device_key_id,
      user_id: input.user.id,
      username: input.user.username,
      started_on: new Date(startedMs).toISOString(),
      ended_on: null,
      outcome: 'printing',
      make_video: 0,
      video_state: 'NOT_RECORDED',
      filament_used_g: file.filament_used_g,
      filament_used_mm: file.filament_used_mm,
      printing_time_sec: file.printing_time_sec,
    });
    await jobs.endJob(
      id,
      { outcome, ended_on: new Date(endedMs).toISOString(), end_reason: null },
      async () => undefined,
    );
    ids.push(id);
  }
  return ids;
}
