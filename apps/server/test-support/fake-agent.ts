import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import type { DeviceState, RequestMessage } from '@printdeck/shared';

/** A device state that reads as READY_TO_PRINT. */
export function readyState(overrides: Partial<DeviceState> = {}): DeviceState {
  return {
    is_paired: true,
    state: {
      text: 'Operational',
      flags: {
        operational: true,
        printing: false,
        paused: false,
        pausing: false,
        cancelling: false,
        resuming: false,
        finishing: false,
        ready: true,
        error: false,
        closedOrError: false,
      },
    },
    error: null,
    temperature: { tool0: { actual: 21.5, target: 0 }, bed: { actual: 20.1, target: 0 } },
    job: null,
    local_ip_address: '192.168.1.50',
    plugins: { power_relay: true, power_on: true, led: true, spectoda: false, camera: true },
    lights: { led_on: false },
    klipper: null,
    ...overrides,
  };
}

/** A stable agent identity per key, as a real agent keeps one in its state directory. */
export function identityFor(key: string): string {
  return createHash('sha256').update(`agent identity of ${key}`).digest('base64url');
}

export interface FakeAgent {
  socket: WebSocket;
  requests: RequestMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  hello(): Promise<void>;
  answer(handler: (request: RequestMessage) => unknown | undefined): void;
  close(): void;
}

/**
 * A minimal agent speaking the device protocol over a real WebSocket: the gateway's tests
 * drive it message by message. The real agent lives in apps/agent.
 */
export function connectFakeAgent(
  baseUrl: string,
  key: string,
  options: { autoPong?: boolean; identity?: string; driver?: string } = {},
): Promise<FakeAgent> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/device/ws`, {
    headers: {
      authorization: `Bearer ${key}`,
      'x-device-identity': options.identity ?? identityFor(key),
    },
    autoPong: options.autoPong ?? true,
  });
  const requests: RequestMessage[] = [];
  let handler: ((request: RequestMessage) => unknown | undefined) | null = null;
  const welcomes: Array<() => void> = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { type: string };
    if (message.type === 'welcome') welcomes.splice(0).forEach((wake) => wake());
    if (message.type === 'request') {
      const request = message as RequestMessage;
      requests.push(request);
      const result = handler?.(request);
      if (result !== undefined)
        socket.send(JSON.stringify({ type: 'response', id: request.id, ...(result as object) }));
    }
  });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        requests,
        closed,
        send: (message) =>
          socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
        hello: () =>
          new Promise<void>((done) => {
            welcomes.push(done);
            socket.send(
              JSON.stringify({
                type: 'hello',
                protocol: 1,
                agent_version: 'test',
                driver: options.driver ?? 'octoprint',
                capabilities: [],
              }),
            );
          }),
        answer: (next) => {
          handler = next;
        },
        close: () => socket.close(),
      }),
    );
  });
}

/**
 * Retries the check until it passes or the time is up (vi.waitFor); for state that arrives
 * asynchronously. vitest is loaded on first use: benchmarks import this file's readyState.
 * The bound is only how long a failing check is given: 5 s was once too short for a job's end
 * on PostgreSQL with the three integration suites side by side in CI (print-job-sync.int).
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const { vi } = await import('vitest');
  return vi.waitFor(check, { timeout: timeoutMs, interval: 25 });
}
