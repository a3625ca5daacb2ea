import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { DeviceCommand, EnergyMeterReading } from '@printdeck/shared';
import { CommandFailed } from '../drivers/driver.js';
import type { HostNetwork } from '../drivers/host-network.js';
import { EnergyMeterError, fetchEnergyMeter, type EnergyMeterBudget } from './energy-meter.js';

type ReadCommand = Extract<DeviceCommand, { name: 'read_energy_meter' }>;

/**
 * The networks an agent reads plugs in unless told others: the private IPv4 ranges (RFC 1918),
 * IPv4 link-local, IPv6 unique local and link-local. A plug sits on the agent's own LAN; a
 * public address (or the agent's own loopback) is never a plug the server may send it to.
 */
export const DEFAULT_PLUG_NETWORKS = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  'fc00::/7',
  'fe80::/10',
] as const;

export interface PlugAddressRule {
  readonly networks: readonly string[];
  allows(address: string): boolean;
}

/**
 * `networks` as `address/prefix` each (throws an Error naming one that is not); none given:
 * DEFAULT_PLUG_NETWORKS. IPv4-mapped IPv6 counts as IPv4.
 */
export function createPlugAddressRule(
  networks: readonly string[] = DEFAULT_PLUG_NETWORKS,
): PlugAddressRule {
  const list = new BlockList();
  for (const entry of networks) {
    const match = /^([^/\s]+)\/(\d{1,3})$/.exec(entry.trim());
    const family = match ? isIP(match[1]!) : 0;
    const prefix = Number(match?.[2]);
    if (!match || family === 0 || prefix > (family === 4 ? 32 : 128))
      throw new Error(`"${entry}" is not a network: give address/prefix, e.g. 192.168.1.0/24`);
    list.addSubnet(match[1]!, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    networks,
    allows(address: string): boolean {
      const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export type ResolveHost = (hostname: string) => Promise<string[]>;

const resolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const unreadable = (message: string) => new CommandFailed('meter-unreadable', message);

/** `http://address[:port]` for the plug: every address its host has checked, the first pinned. */
async function pinPlug(url: URL, rule: PlugAddressRule, resolve: ResolveHost): Promise<string> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw unreadable(`${host} does not resolve to an address.`);
  const outside = addresses.find((address) => !rule.allows(address));
  if (outside !== undefined) {
    const named = outside === host ? host : `${host} (${outside})`;
    throw unreadable(
      `${named} is outside the networks this agent reads plugs in (${rule.networks.join(', ')}).`,
    );
  }
  const address = addresses[0]!;
  return `http://${isIP(address) === 6 ? `[${address}]` : address}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The agent reads its printer's plug (`read_energy_meter`). The address is checked again here
 * (plain http, no credentials), then: the server's built-in agents (LAN mode) go through their
 * HostNetwork (LAN_PRINTER_NETWORKS); an agent of its own reads only addresses in its plug
 * networks (DEFAULT_PLUG_NETWORKS unless configured). The request goes to the checked address.
 * Refusals and silences are CommandFailed `meter-unreadable` with the reason.
 */
export async function readEnergyMeterOnAgent(
  command: ReadCommand,
  options: {
    network?: HostNetwork | undefined;
    rule: PlugAddressRule;
    resolve?: ResolveHost;
    budget?: EnergyMeterBudget;
    signal?: AbortSignal;
  },
): Promise<EnergyMeterReading> {
  let url: URL;
  try {
    url = new URL(command.url);
  } catch {
    throw new CommandFailed('invalid-command', 'The plug’s address is not a URL.');
  }
  if (url.protocol !== 'http:' || url.username !== '' || url.password !== '')
    throw new CommandFailed(
      'invalid-command',
      'The plug’s address must be http:// without credentials.',
    );
  let origin: string;
  if (options.network) {
    try {
      origin = new URL(await options.network.pin(url.origin)).origin;
    } catch (error) {
      throw unreadable(
        (error as Error).message.replace(/^The printer's address/, 'The plug’s address'),
      );
    }
  } else {
    origin = await pinPlug(url, options.rule, options.resolve ?? resolveHost);
  }
  try {
    return await fetchEnergyMeter(origin, command, {
      ...(options.budget ? { budget: options.budget } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof EnergyMeterError) throw unreadable(error.message);
    throw error;
  }
}
