import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** One network of LAN_PRINTER_NETWORKS: `192.168.1.0/24`, `10.0.0.0/8`, `fd00::/8`. */
export interface LanNetwork {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * LAN_PRINTER_NETWORKS, comma-separated: each entry an address and a prefix length. Throws an
 * Error naming the entry that is not a network.
 */
export function parseLanNetworks(text: string): LanNetwork[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = /^([^/\s]+)\/(\d{1,3})$/.exec(entry);
      const family = match ? isIP(match[1]!) : 0;
      const prefix = match ? Number(match[2]) : NaN;
      if (!match || family === 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(
          `"${entry}" is not a network: give address/prefix, e.g. 192.168.1.0/24,10.0.0.0/8`,
        );
      }
      return { address: match[1]!, prefix, family: family === 4 ? 'ipv4' : 'ipv6' } as const;
    });
}

/** Is this address inside one of the networks? IPv4-mapped IPv6 counts as IPv4. */
export function createNetworkPolicy(networks: LanNetwork[]) {
  const list = new BlockList();
  for (const n of networks) list.addSubnet(n.address, n.prefix, n.family);
  return {
    networks,
    allows(address: string): boolean {
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
      const plain = mapped ?? address;
      const family = isIP(plain);
      if (family === 0) return false;
      return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export type NetworkPolicy = ReturnType<typeof createNetworkPolicy>;

export type Resolve = (hostname: string) => Promise<string[]>;

export const resolveAll: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Why an address may not be reached, or null when it may. */
export async function checkAddress(
  policy: NetworkPolicy,
  hostname: string,
  resolve: Resolve = resolveAll,
): Promise<{ refused: string } | { addresses: string[] }> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return { refused: `${host} does not resolve to an address` };
  }
  if (addresses.length === 0) return { refused: `${host} does not resolve to an address` };
  const outside = addresses.find((address) => !policy.allows(address));
  if (outside !== undefined) {
    const named = outside === host ? host : `${host} (${outside})`;
    return { refused: `${named} is outside the networks this server may reach` };
  }
  return { addresses };
}
