import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookRequest {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A delivery as a receiver reads it: the event and idempotency key headers, the JSON body. */
export interface WebhookDelivery {
  event: string;
  key: string;
  body: { event: string; workspace_id: number; data: Record<string, unknown> };
}

/**
 * A real HTTP receiver on 127.0.0.1 that keeps every request and answers with the statuses it
 * is told, in order (200, "thanks", once they run out).
 */
export async function startWebhookReceiver() {
  const received: WebhookRequest[] = [];
  let statuses: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(next: number[]): void {
      statuses = next;
    },
    /** The deliveries of one event, parsed. */
    of(event: string): WebhookDelivery[] {
      return received
        .filter((request) => request.headers['x-printdeck-event'] === event)
        .map((request) => ({
          event,
          key: String(request.headers['idempotency-key']),
          body: JSON.parse(request.body) as WebhookDelivery['body'],
        }));
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A test server whose webhooks may reach the receiver, with quick retries and job polls. */
export const WEBHOOK_TEST_SERVER = {
  env: { OUTGOING_ALLOWED_NETWORKS: '127.0.0.1/32' },
  webhookOptions: { backoffMs: 50, maxBackoffMs: 200, maxAttempts: 3, timeoutMs: 2000 },
  jobOptions: { pollMs: 50 },
};

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
