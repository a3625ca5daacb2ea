import { isIP } from 'node:net';
import type { EnergyMeterKind, EnergyMeterReading } from '@printdeck/shared';
import { checkAddress, type NetworkPolicy, type Resolve } from '../lan-printers/lan-networks.js';

export interface EnergyMeterAddress {
  kind: EnergyMeterKind;
  url: string;
  channel: number;
}

/** How long a plug may take to answer: a job's end waits for it. */
const READ_TIMEOUT_MS = 3000;
/** A meter's answer is a few hundred bytes; more is not a meter. */
const MAX_ANSWER_BYTES = 64 * 1024;

export class EnergyMeterError extends Error {}

/** The request that reads each kind (its documented HTTP API). */
function readingPath(meter: EnergyMeterAddress): string {
  return meter.kind === 'tasmota'
    ? '/cm?cmnd=Status%208'
    : `/rpc/Switch.GetStatus?id=${meter.channel}`;
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

/**
 * Reads a plug once. The address must resolve inside the networks LAN mode may reach
 * (LAN_PRINTER_NETWORKS), checked at every reading; the request goes to the checked address, so
 * a name that resolves elsewhere a moment later is not followed.
 */
export async function readEnergyMeter(
  policy: NetworkPolicy | null,
  meter: EnergyMeterAddress,
  resolve?: Resolve,
): Promise<EnergyMeterReading> {
  if (!policy) {
    throw new EnergyMeterError(
      'LAN mode is off on this server: the operator turns it on with LAN_PRINTER_NETWORKS.',
    );
  }
  const url = new URL(meter.url);
  const checked = await checkAddress(policy, url.hostname, resolve);
  if ('refused' in checked) throw new EnergyMeterError(checked.refused);
  const address = checked.addresses[0]!;
  const host = isIP(address) === 6 ? `[${address}]` : address;
  const target = `http://${host}${url.port ? `:${url.port}` : ''}${readingPath(meter)}`;
  let text: string;
  try {
    const response = await fetch(target, {
      redirect: 'error',
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    if (!response.ok) throw new EnergyMeterError(`The plug answered HTTP ${response.status}.`);
    text = await response.text();
  } catch (error) {
    if (error instanceof EnergyMeterError) throw error;
    throw new EnergyMeterError(`The plug did not answer (${(error as Error).message}).`);
  }
  if (text.length > MAX_ANSWER_BYTES) throw new EnergyMeterError('The plug answered too much.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EnergyMeterError('The plug did not answer JSON.');
  }
  return parseEnergyMeterAnswer(meter.kind, body);
}
