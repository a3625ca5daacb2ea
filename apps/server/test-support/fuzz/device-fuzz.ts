import fc from 'fast-check';
import { WebSocket } from 'ws';
import { identityFor } from '../fake-agent.js';
import { anyValue } from './fuzz-values.js';

export interface DeviceFuzzReport {
  messages: number;
  /** sockets the server closed, by close code */
  closes: Record<number, number>;
  /** closes that mean the server failed (1011 internal error) */
  serverErrors: number;
}

const TYPES = ['hello', 'state', 'response', 'event', 'ping', 'pong', 'request', 'bogus'];

/** A device message: a real type with wrong fields, any JSON, broken text, or bytes. */
const deviceMessage: fc.Arbitrary<string | Buffer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          type: fc.constantFrom(...TYPES),
          kind: fc.oneof(fc.constantFrom('snapshot', 'patch'), anyValue),
          state: fc.oneof(
            fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 6 }),
            anyValue,
          ),
          name: fc.oneof(fc.constantFrom('job_started', 'job_finished', 'job_failed'), anyValue),
          job_id: fc.oneof(fc.integer(), anyValue),
          id: anyValue,
          ok: anyValue,
          data: anyValue,
          protocol: anyValue,
          at: anyValue,
        },
        { requiredKeys: ['type'] },
      )
      .map((message) => JSON.stringify(message)),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
);

function open(baseUrl: string, deviceKey: string): Promise<WebSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/device/ws`, {
    headers: { authorization: `Bearer ${deviceKey}`, 'x-device-identity': identityFor(deviceKey) },
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
}

/**
 * `count` generated messages on the device WebSocket of a paired key. A socket the server
 * closes (a protocol violation may end it) is opened again; a 1011 close is a server failure.
 */
export async function runDeviceFuzz(
  baseUrl: string,
  deviceKey: string,
  options: { count: number; seed: number },
): Promise<DeviceFuzzReport> {
  const report: DeviceFuzzReport = { messages: 0, closes: {}, serverErrors: 0 };
  const messages = fc.sample(deviceMessage, { numRuns: options.count, seed: options.seed });
  let socket: WebSocket | null = null;
  let closed: Promise<void> = Promise.resolve();
  for (const message of messages) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      await closed;
      socket = await open(baseUrl, deviceKey);
      const current = socket;
      closed = new Promise((resolve) =>
        current.once('close', (code) => {
          report.closes[code] = (report.closes[code] ?? 0) + 1;
          if (code === 1011) report.serverErrors += 1;
          resolve();
        }),
      );
    }
    socket.send(message);
    report.messages += 1;
    // let the server read before the next one, as an agent's cadence would
    if (report.messages % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  socket?.close();
  await closed;
  return report;
}
