import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LinkFaults } from '../faults.js';
import { HttpError } from './errors.js';
import { sendBytes } from './respond.js';

export interface HttpHostOptions {
  host: string;
  port: number;
  links: LinkFaults;
  /** Answers one request; throws HttpError (or anything, which becomes a 500). */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Turns a thrown HttpError into the protocol's error answer. */
  sendError: (res: ServerResponse, error: HttpError) => void;
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

export interface HttpHost {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port; every socket is known to the link faults so they can cut it. */
export async function startHttpHost(options: HttpHostOptions): Promise<HttpHost> {
  const server = createServer({ requestTimeout: 120_000, headersTimeout: 30_000 });
  server.maxHeadersCount = 100;
  server.on('connection', (socket) => options.links.track(socket));
  server.on('request', (req, res) => void answer(options, req, res));
  server.on('clientError', (_error, socket) => socket.destroy());
  if (options.upgrade) server.on('upgrade', options.upgrade);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${hostForUrl}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        options.links.shutdown();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  options: HttpHostOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  req.on('error', () => res.destroy());
  res.on('error', () => undefined);
  try {
    await options.links.answerGate();
    if (res.destroyed) return;
    await options.handle(req, res);
  } catch (error) {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    if (error instanceof HttpError) {
      options.sendError(res, error);
      return;
    }
    console.error('simulator: request failed', error);
    sendBytes(res, 500, 'text/plain', 'Internal Server Error');
  }
}
