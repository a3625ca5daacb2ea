import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

export interface CountingProxy {
  url: string;
  /** bytes written to the browser (status lines, headers and bodies as sent) since the reset */
  bytesToClient(): number;
  /** requests the browser made since the reset */
  requests(): number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * An HTTP proxy on 127.0.0.1 in front of the server that counts what reaches the browser.
 * `dropRequestHeaders` plays an older client or server: without Accept-Encoding nothing is
 * compressed, without If-None-Match no 304, without Idempotency-Key every re-send runs.
 */
export async function startCountingProxy(
  target: string,
  dropRequestHeaders: string[] = [],
): Promise<CountingProxy> {
  const upstreamAgent = new http.Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  let base = 0;
  let requestCount = 0;
  const server = http.createServer((request, response) => {
    requestCount += 1;
    const headers = { ...request.headers };
    for (const name of [...HOP_BY_HOP, ...dropRequestHeaders]) delete headers[name];
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers, agent: upstreamAgent },
      (answer) => {
        const answerHeaders = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete answerHeaders[name];
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      closedBytes += socket.bytesWritten;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const total = () => closedBytes + [...sockets].reduce((sum, s) => sum + s.bytesWritten, 0);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bytesToClient: () => total() - base,
    requests: () => requestCount,
    reset() {
      base = total();
      requestCount = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      upstreamAgent.destroy();
    },
  };
}
