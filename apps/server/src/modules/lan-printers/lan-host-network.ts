import { isIP } from 'node:net';
import { CommandFailed, type HostNetwork } from '@printdeck/agent-core';
import { checkAddress, resolveAll, type NetworkPolicy, type Resolve } from './lan-networks.js';

/**
 * The HostNetwork of the server's built-in agents: every connection resolves the printer's
 * host again and checks every address it has; plain HTTP and WebSocket connect to the checked
 * address itself, so a second lookup (DNS rebinding) cannot lead elsewhere. HTTPS keeps the
 * name for its certificate, checked just before. Drivers follow no redirects.
 */
export function createLanNetwork(
  policy: NetworkPolicy,
  resolve: Resolve = resolveAll,
): HostNetwork {
  return {
    async pin(text: string): Promise<string> {
      const url = new URL(text);
      const checked = await checkAddress(policy, url.hostname, resolve);
      if ('refused' in checked) {
        throw new CommandFailed(
          'printer-unreachable',
          `The printer's address: ${checked.refused}.`,
        );
      }
      if (url.protocol === 'http:' || url.protocol === 'ws:') {
        const address = checked.addresses[0]!;
        url.hostname = isIP(address) === 6 ? `[${address}]` : address;
      }
      return url.toString();
    },
  };
}
