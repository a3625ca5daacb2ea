import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import { moveQueuePrinterVersion } from '../print-queue/queue-printer-versions.repository.js';
import { elapsedShare } from '../stats/stats-range.js';

/** A spool whose remaining weight fell below its own low threshold with this job. */
export interface SpoolLow {
  job: PrintJobRow;
  spool: { id: number; material: string; color_name: string; brand: string };
  remainingG: number;
  thresholdG: number;
}

/**
 * Consumption at job end (issue 26): in the transaction that ends the job, the filament it used
 * comes off the spools loaded on its printer's tools and is recorded on the job, one row per
 * tool. A finished job takes the file's grams per tool; any other ending the share of them its
 * elapsed time covers (the progress the statistics use as well). The ending itself happens once
 * (print_jobs.ended_on), and the usage key (job, tool) refuses a second row all the same.
 */
export function createSpoolConsumption(deps: {
  onLow: (trx: Transaction<Database>, low: SpoolLow) => Promise<void>;
  /** a usage row was written (once per job and tool): Spoolman's mirror writes it back */
  onRecorded?: (
    trx: Transaction<Database>,
    usage: { printJobId: number; tool: number; spoolId: number; grams: number },
  ) => Promise<void>;
}) {
  return {
    async onJobEnded(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
      if (job.printer_id === null || job.ended_on === null) return;
      const loaded = await trx
        .selectFrom('printer_spools')
        .select(['tool', 'spool_id'])
        .where('printer_id', '=', job.printer_id)
        .orderBy('tool')
        .execute();
      if (loaded.length === 0) return;
      // what is left on the spools is what the queue's wait reasons read
      await moveQueuePrinterVersion(trx, { printerId: job.printer_id });
      const perTool = await gramsPerTool(trx, job);
      const share = job.outcome === 'done' ? 1 : elapsedShare(job, Date.parse(job.ended_on));
      for (const { tool, spool_id } of loaded) {
        const grams = round((perTool[tool] ?? 0) * share);
        if (grams <= 0) continue;
        const recorded = await trx
          .insertInto('print_job_spool_usage')
          .values({ print_job_id: job.id, tool, spool_id, grams })
          .onConflict((conflict) => conflict.columns(['print_job_id', 'tool']).doNothing())
          .returning('tool')
          .executeTakeFirst();
        if (!recorded) continue;
        await deps.onRecorded?.(trx, { printJobId: job.id, tool, spoolId: spool_id, grams });
        await takeFromSpool(
          trx,
          { job, endedOn: job.ended_on, spoolId: spool_id, grams },
          deps.onLow,
        );
      }
    },
  };
}

/** The file's grams per tool; a file without them (older upload, deleted file) the job's total on tool 0. */
async function gramsPerTool(trx: Transaction<Database>, job: PrintJobRow): Promise<number[]> {
  const file =
    job.file_id === null
      ? undefined
      : await trx
          .selectFrom('files')
          .select('filament_used_g_per_tool')
          .where('id', '=', job.file_id)
          .executeTakeFirst();
  const parsed = parseGramsList(file?.filament_used_g_per_tool ?? null);
  if (parsed) return parsed;
  return job.filament_used_g === null ? [] : [job.filament_used_g];
}

export function parseGramsList(text: string | null): number[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return null;
    return value.every((item) => typeof item === 'number' && Number.isFinite(item) && item >= 0)
      ? (value as number[])
      : null;
  } catch {
    return null;
  }
}

async function takeFromSpool(
  trx: Transaction<Database>,
  {
    job,
    endedOn,
    spoolId,
    grams,
  }: { job: PrintJobRow; endedOn: string; spoolId: number; grams: number },
  onLow: (trx: Transaction<Database>, low: SpoolLow) => Promise<void>,
): Promise<void> {
  // the row is held until commit (PostgreSQL), so a racing ending reads what this one left
  await trx
    .updateTable('spools')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', spoolId)
    .execute();
  const spool = await trx
    .selectFrom('spools')
    .select(['id', 'material', 'color_name', 'brand', 'remaining_weight_g', 'low_threshold_g'])
    .where('id', '=', spoolId)
    .executeTakeFirst();
  if (!spool) return;
  const before = spool.remaining_weight_g;
  const after = round(Math.max(0, before - grams));
  await trx
    .updateTable('spools')
    .set({ remaining_weight_g: after, updated_on: endedOn })
    .where('id', '=', spoolId)
    .execute();
  if (before >= spool.low_threshold_g && after < spool.low_threshold_g) {
    await onLow(trx, {
      job,
      spool,
      remainingG: after,
      thresholdG: spool.low_threshold_g,
    });
  }
}

const round = (grams: number) => Math.round(grams * 1000) / 1000;
