import { checkOutgoingTarget, type CheckedTarget } from '../../outgoing/outgoing-target.js';
import { createNetworkPolicy, resolveAll, type Resolve } from '../lan-printers/lan-networks.js';

/** A browser's push service is on the public internet: no administrator's network applies. */
const NO_NETWORKS = createNetworkPolicy([]);

/**
 * Checked before every send, not only when the browser subscribes (issue 23: `localhost.` and
 * names resolving to internal addresses got through a check of the text): https on port 443,
 * then the rule of every outgoing address (outgoing-target.ts) with no network allowed. The send
 * then connects to the checked address, so a second lookup (DNS rebinding) cannot lead elsewhere.
 */
export async function checkPushEndpoint(
  endpoint: string,
  resolve: Resolve = resolveAll,
): Promise<CheckedTarget> {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (url && url.protocol !== 'https:') return { refused: 'not https' };
  if (url && url.port !== '' && url.port !== '443') return { refused: 'not port 443' };
  return checkOutgoingTarget(endpoint, NO_NETWORKS, resolve);
}
