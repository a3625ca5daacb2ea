import { isIP } from 'node:net';
import {
  resolveAll,
  type NetworkPolicy,
  type Resolve,
} from '../modules/lan-printers/lan-networks.js';
import { isPublicAddress } from './public-address.js';

export type CheckedTarget = { refused: string } | { url: URL; address: string; family: 4 | 6 };

/**
 * The SSRF rule for every address a workspace names (webhooks, ntfy, Discord, Slack): http or
 * https, no credentials in the URL, and every address the name resolves to on the public
 * internet, unless the administrator allowed its network (OUTGOING_ALLOWED_NETWORKS). Checked
 * before every send; the send connects to the checked address (no second lookup to rebind).
 */
export async function checkOutgoingTarget(
  text: string,
  allowed: NetworkPolicy,
  resolve: Resolve = resolveAll,
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: 'not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'not http(s)' };
  if (url.username !== '' || url.password !== '') return { refused: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return { refused: `${host} does not resolve` };
  }
  if (addresses.length === 0) return { refused: `${host} does not resolve` };
  const blocked = addresses.find(
    (address) => !isPublicAddress(address) && !allowed.allows(address),
  );
  if (blocked !== undefined) {
    return {
      refused: `${blocked} is not a public address (an administrator may allow its network with OUTGOING_ALLOWED_NETWORKS)`,
    };
  }
  const address = addresses[0]!;
  return { url, address, family: isIP(address) === 6 ? 6 : 4 };
}
