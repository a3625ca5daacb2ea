import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Connections that never sent a byte: a browser's preconnect, an HTTP client's spare socket (the
 * fuzz's fetch left some after cancelled event streams). Node counts such a connection as busy
 * from the moment it opens (its headers timeout runs), so neither `closeIdleConnections()` nor
 * Fastify's `forceCloseConnections: 'idle'` ends it, and `server.close()` waited for the headers
 * timeout to expire it: 60 to 90 s after fuzzed stream requests. Nothing is lost by ending
 * them: no request was sent.
 */
export function trackUnusedConnections(server: Server): { destroyUnused(): void } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    destroyUnused() {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}
