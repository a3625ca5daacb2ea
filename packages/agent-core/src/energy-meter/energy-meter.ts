import type { EnergyMeterKind, EnergyMeterReading } from '@printdeck/shared';

/**
 * Reading a smart plug (issue 26), one reader for the server and the agent: the documented
 * request of each kind, its budgets, and its answer's parser.
 */

/** A job's end waits for the plug: it answers within 3 s and in at most 64 KB, or not at all. */
export const ENERGY_METER_BUDGET = { timeoutMs: 3000, maxBytes: 64 * 1024 };
export type EnergyMeterBudget = typeof ENERGY_METER_BUDGET;

/** Why a plug could not be read, in words for the person who named it. */
export class EnergyMeterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnergyMeterError';
  }
}

/**
 * The request that reads each kind (its documented HTTP API): Tasmota `Status 8`, Shelly Gen2+
 * `Switch.GetStatus` of the switch `channel`.
 */
export function energyMeterPath(kind: EnergyMeterKind, channel: number): string {
  return kind === 'tasmota' ? '/cm?cmnd=Status%208' : `/rpc/Switch.GetStatus?id=${channel}`;
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * A plug's answer to its reading, or an error saying what was wrong with it. Tasmota
 * `Status 8`: `StatusSNS.ENERGY.Total` (kWh since its counter began) and `Power` (W). Shelly
 * `Switch.GetStatus`: `aenergy.total` (Wh) and `apower` (W).
 */
export function parseEnergyMeterAnswer(kind: EnergyMeterKind, body: unknown): EnergyMeterReading {
  const object = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (kind === 'tasmota') {
    const energy = object(object(object(body).StatusSNS).ENERGY);
    const total = finite(energy.Total);
    if (total === null || total < 0)
      throw new EnergyMeterError(
        'The plug answered without an energy counter (StatusSNS.ENERGY.Total).',
      );
    return { total_kwh: total, power_w: finite(energy.Power) };
  }
  const status = object(body);
  const total = finite(object(status.aenergy).total);
  if (total === null || total < 0)
    throw new EnergyMeterError('The plug answered without an energy counter (aenergy.total).');
  return { total_kwh: total / 1000, power_w: finite(status.apower) };
}

/** The body, read until it ends or passes `maxBytes` (then refused, the rest never read). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const tooMuch = () =>
    new EnergyMeterError(`The plug answered more than ${Math.round(maxBytes / 1024)} KB.`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooMuch();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooMuch();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a plug once at `origin` (`http://host[:port]`, its host already checked by the caller:
 * the request goes there and follows no redirect), within the budget.
 */
export async function fetchEnergyMeter(
  origin: string,
  meter: { kind: EnergyMeterKind; channel: number },
  options: { budget?: EnergyMeterBudget; signal?: AbortSignal } = {},
): Promise<EnergyMeterReading> {
  const budget = options.budget ?? ENERGY_METER_BUDGET;
  const timeout = AbortSignal.timeout(budget.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const seconds = budget.timeoutMs / 1000;
  let text: string;
  try {
    const response = await fetch(`${origin}${energyMeterPath(meter.kind, meter.channel)}`, {
      redirect: 'error',
      signal,
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new EnergyMeterError(`The plug answered HTTP ${response.status}.`);
    }
    text = await readCapped(response, budget.maxBytes);
  } catch (error) {
    if (error instanceof EnergyMeterError) throw error;
    if (timeout.aborted) throw new EnergyMeterError(`The plug did not answer within ${seconds} s.`);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new EnergyMeterError(`The plug did not answer (${cause ?? (error as Error).message}).`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EnergyMeterError('The plug did not answer JSON.');
  }
  return parseEnergyMeterAnswer(meter.kind, body);
}
