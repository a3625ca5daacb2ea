import { isIP } from 'node:net';
import { EnergyMeterError, fetchEnergyMeter } from '@printdeck/agent-core';
import type { EnergyMeterKind, EnergyMeterReading } from '@printdeck/shared';
import { checkAddress, type NetworkPolicy, type Resolve } from '../lan-printers/lan-networks.js';

export interface EnergyMeterAddress {
  kind: EnergyMeterKind;
  url: string;
  channel: number;
}

export { EnergyMeterError };

/**
 * The server reads a plug once (a meter `read_by: server`). The address must resolve inside the
 * networks LAN mode may reach (LAN_PRINTER_NETWORKS), checked at every reading; the request
 * goes to the checked address, so a name that resolves elsewhere a moment later is not
 * followed. The request, its budgets (3 s, 64 KB) and the parser are the agent's own
 * (`@printdeck/agent-core` energy-meter).
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
  return fetchEnergyMeter(`http://${host}${url.port ? `:${url.port}` : ''}`, meter);
}
