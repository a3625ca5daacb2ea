import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import { addCostToUserAndFileRollups } from '../stats/job-rollups-by-user-and-file.js';
import { addCostToMonthRollups } from '../stats/job-rollup-months.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The SQL of cost per print (issue 26). */
export function createPrintCostRepository(db: Executor) {
  return {
    /** The printer's power and the workspace's prices, as they are when the job ends. */
    async findPrices(job: Pick<PrintJobRow, 'workspace_id' | 'printer_id'>) {
      const workspace = await db
        .selectFrom('workspaces')
        .select(['energy_price_kwh', 'machine_hour_rate', 'currency'])
        .where('id', '=', job.workspace_id)
        .executeTakeFirst();
      const printer =
        job.printer_id === null
          ? undefined
          : await db
              .selectFrom('printers')
              .select('average_power_w')
              .where('id', '=', job.printer_id)
              .executeTakeFirst();
      return {
        energy_price_kwh: workspace?.energy_price_kwh ?? null,
        machine_hour_rate: workspace?.machine_hour_rate ?? null,
        currency: workspace?.currency ?? null,
        average_power_w: printer?.average_power_w ?? null,
      };
    },

    /** What the job took from each spool (recorded at its end) with the spool's price. */
    listPricedUsage(jobId: number) {
      return db
        .selectFrom('print_job_spool_usage as u')
        .innerJoin('spools as s', 's.id', 'u.spool_id')
        .select(['u.grams', 's.cost_per_kg'])
        .where('u.print_job_id', '=', jobId)
        .execute();
    },

    /** Stores the cost on the job once, and adds it to the roll-up rows its end counted in. */
    async storeJobCost(
      job: PrintJobRow,
      cost: {
        filament: number | null;
        energy: number | null;
        machine: number | null;
        total: number;
        currency: string | null;
      },
    ): Promise<void> {
      const stored = await db
        .updateTable('print_jobs')
        .set({
          cost_filament: cost.filament,
          cost_energy: cost.energy,
          cost_machine: cost.machine,
          cost_total: cost.total,
          cost_currency: cost.currency,
        })
        .where('id', '=', job.id)
        .where('cost_total', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!stored) return;
      const day = job.started_on.slice(0, 10);
      await db
        .updateTable('job_rollup_days')
        .set((eb) => ({ cost: eb('cost', '+', cost.total) }))
        .where('workspace_id', '=', job.workspace_id)
        .where('day', '=', day)
        .where('outcome', '=', job.outcome)
        .execute();
      await db
        .updateTable('job_rollup_printer_days')
        .set((eb) => ({ cost: eb('cost', '+', cost.total) }))
        .where('workspace_id', '=', job.workspace_id)
        .where('day', '=', day)
        .where('printer_id', '=', job.printer_id ?? 0)
        .where('printer_name', '=', job.printer_name)
        .execute();
      await addCostToUserAndFileRollups(db, job, cost.total);
      await addCostToMonthRollups(db, job, cost.total);
    },
  };
}
