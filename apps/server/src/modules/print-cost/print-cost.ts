import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PrintJobRow } from '../print-jobs/print-jobs.repository.js';
import { createPrintCostRepository } from './print-cost.repository.js';

const HOUR_MS = 60 * 60_000;

export interface CostInputs {
  /** grams taken from each spool with the spool's price per kg (null: not priced) */
  usage: Array<{ grams: number; cost_per_kg: number | null }>;
  elapsedHours: number;
  averagePowerW: number | null;
  /** the energy the printer's meter measured for the job, kWh; null: not measured */
  measuredKwh?: number | null;
  energyPriceKwh: number | null;
  machineHourRate: number | null;
}

export interface JobCost {
  filament: number | null;
  energy: number | null;
  machine: number | null;
  total: number | null;
}

/** Money to two decimals' worth of precision kept (four), rounded once per part. */
const money = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * A job's cost by part (issue 26): filament from the grams each spool gave × its price per kg,
 * energy from the kWh the printer's meter measured (else its average power × the time it
 * printed) × the price of a kWh, and the machine-hour rate × the time. A part without its
 * price is null; the total sums the others and is null when no part is priced.
 */
export function computeJobCost(inputs: CostInputs): JobCost {
  const priced = inputs.usage.filter((use) => use.cost_per_kg !== null);
  const filament =
    priced.length === 0
      ? null
      : money(priced.reduce((sum, use) => sum + (use.grams / 1000) * use.cost_per_kg!, 0));
  const kwh =
    inputs.measuredKwh ??
    (inputs.averagePowerW === null ? null : (inputs.averagePowerW / 1000) * inputs.elapsedHours);
  const energy =
    kwh === null || inputs.energyPriceKwh === null ? null : money(kwh * inputs.energyPriceKwh);
  const machine =
    inputs.machineHourRate === null ? null : money(inputs.elapsedHours * inputs.machineHourRate);
  const parts = [filament, energy, machine].filter((part): part is number => part !== null);
  return {
    filament,
    energy,
    machine,
    total: parts.length === 0 ? null : money(parts.reduce((sum, part) => sum + part, 0)),
  };
}

export const elapsedHoursOf = (job: Pick<PrintJobRow, 'started_on' | 'ended_on'>): number => {
  if (job.ended_on === null) return 0;
  const ms = Date.parse(job.ended_on) - Date.parse(job.started_on);
  return Number.isFinite(ms) && ms > 0 ? ms / HOUR_MS : 0;
};

/**
 * In the transaction that ends a job, after the spools gave their filament: the job's cost is
 * stored on it and added to the statistics' roll-ups (which the ending already made).
 */
export async function recordJobCost(trx: Transaction<Database>, job: PrintJobRow): Promise<void> {
  if (job.ended_on === null) return;
  const repository = createPrintCostRepository(trx);
  const prices = await repository.findPrices(job);
  const cost = computeJobCost({
    usage: await repository.listPricedUsage(job.id),
    elapsedHours: elapsedHoursOf(job),
    averagePowerW: prices.average_power_w,
    measuredKwh: job.energy_kwh,
    energyPriceKwh: prices.energy_price_kwh,
    machineHourRate: prices.machine_hour_rate,
  });
  if (cost.total === null) return;
  await repository.storeJobCost(job, { ...cost, total: cost.total, currency: prices.currency });
}
