import { vi } from 'vitest';
import WebSocket from 'ws';
import {
  startVirtualMoonraker,
  type VirtualMoonraker,
  type VirtualMoonrakerOptions,
} from '../src/moonraker/server.js';
import type { VirtualPrinter } from '../src/printer-model/printer.js';

/** Helpers for the integration tests: waiting on events, never on the clock. */

const DEFAULT_TIMEOUT_MS = 5000;

/** Retries `check` until it returns a value other than undefined/false (vi.waitFor). */
export function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined || value === false) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 10 },
  );
}

export interface Notification {
  method: string;
  params: unknown[];
}

export class RpcCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON-RPC websocket client that keeps every notification it receives. */
export class RpcClient {
  readonly notifications: Notification[] = [];
  readonly closed: Promise<number>;
  #nextId = 1;
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (data) =>
      this.#receive(JSON.parse(data.toString()) as Record<string, unknown>),
    );
    ws.on('error', () => undefined);
  }

  static async connect(url: string): Promise<RpcClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RpcClient(ws);
  }

  call(method: string, params?: Record<string, unknown>): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}), id }));
    });
  }

  /** The first notification (already received or coming) that matches. */
  next(method: string, matches: (params: unknown[]) => boolean = () => true): Promise<unknown[]> {
    return waitFor(
      () => this.notifications.find((n) => n.method === method && matches(n.params))?.params,
      `${method} notification`,
    );
  }

  close(): void {
    this.ws.close();
  }

  #receive(message: Record<string, unknown>): void {
    if (typeof message.method === 'string') {
      this.notifications.push({ method: message.method, params: message.params as unknown[] });
      return;
    }
    const pending = this.#pending.get(message.id as number);
    if (!pending) return;
    this.#pending.delete(message.id as number);
    const error = message.error as { code: number; message: string } | undefined;
    if (error) pending.reject(new RpcCallError(error.code, error.message));
    else pending.resolve(message.result);
  }
}

/** A multipart body with one file and some text fields. */
export function uploadForm(
  name: string,
  content: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** A small G-code file with a slicer estimate, filament and first-layer temperatures. */
export function slicedGcode(seconds: number, extra = ''): string {
  return [
    ';FLAVOR:Marlin',
    `;TIME:${seconds}`,
    ';Filament used: 1.2m',
    'M140 S60',
    'M104 S210',
    'G28',
    ...Array.from({ length: 40 }, (_, i) => `G1 X${i} Y${i} E${i / 10}`),
    extra,
  ].join('\n');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read loosely in tests
export type LooseJson = Record<string, any>;

export async function readJson(response: Response): Promise<LooseJson> {
  return (await response.json()) as LooseJson;
}

export type ApiInit = RequestInit & { json?: unknown };

/** `fetch` against a simulator with its key; `json` sends a JSON body (POST unless told). */
export function apiClient(
  server: { url: string },
  headers: Record<string, string>,
): (path: string, init?: ApiInit) => Promise<Response> {
  return (path, init = {}) => {
    const { json, ...rest } = init;
    const all: Record<string, string> = { ...headers, ...(rest.headers as Record<string, string>) };
    if (json !== undefined) all['content-type'] = 'application/json';
    return fetch(`${server.url}${path}`, {
      ...rest,
      headers: all,
      ...(json !== undefined ? { method: rest.method ?? 'POST', body: JSON.stringify(json) } : {}),
    });
  };
}

/** Stores a file on the printer and starts printing it, as a host would. */
export function printNow(printer: VirtualPrinter, name: string, content: string): boolean {
  printer.files.put(name, Buffer.from(content), printer.time);
  printer.jobs.select(name);
  return printer.jobs.start();
}

/** The error a JSON-RPC call failed with; fails the test when the call succeeded. */
export async function rpcFailure(call: Promise<unknown>): Promise<RpcCallError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RpcCallError)) throw new Error('the call should have failed');
  return error;
}

export function websocketUrl(server: { url: string }): string {
  return `${server.url.replace('http', 'ws')}/websocket`;
}

/** A virtual Moonraker with one JSON-RPC client connected to it. */
export async function startMoonrakerClient(
  options: VirtualMoonrakerOptions,
): Promise<{ sim: VirtualMoonraker; rpc: RpcClient; stop: () => Promise<void> }> {
  const sim = await startVirtualMoonraker(options);
  const rpc = await RpcClient.connect(websocketUrl(sim));
  return {
    sim,
    rpc,
    stop: async () => {
      rpc.close();
      await sim.close();
    },
  };
}

/** FIRMWARE_RESTART and the simulated seconds it takes to be back. */
export async function restartKlippy(sim: VirtualMoonraker, rpc: RpcClient): Promise<void> {
  await rpc.call('printer.firmware_restart');
  sim.printer.advance(5000);
}
