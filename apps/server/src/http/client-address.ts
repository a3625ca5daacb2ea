import type { IncomingMessage } from 'node:http';

/**
 * The client's address of a raw request (the WebSocket upgrade, outside Fastify), read the way
 * Fastify's `trustProxy` reads it: X-Forwarded-For counts only for the configured number of
 * proxy hops in front (TRUST_PROXY_HOPS), from the right; a client cannot spoof its way past.
 */
export function getUpgradeClientAddress(request: IncomingMessage, trustProxyHops: number): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // nearest first: the socket's peer, then the forwarded addresses from the right
  const chain = [socketAddress, ...forwarded.reverse()];
  return chain[Math.min(trustProxyHops, chain.length - 1)] ?? socketAddress;
}
