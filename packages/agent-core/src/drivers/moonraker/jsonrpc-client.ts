import WebSocket from 'ws';
import type { Logger } from '../../log.js';
import { CommandFailed } from '../driver.js';
import { asRecord } from '../host-http.js';

/** A JSON-RPC error as Moonraker sends it: an HTTP-like code (400, 503) or a JSON-RPC one. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export interface RpcCallOptions {
  /** longest wait for this answer */
  timeoutMs: number;
  /** the caller's deadline: aborting it fails the call with `timeout` */
  signal?: AbortSignal;
}

export interface JsonRpcClientOptions {
  url: string;
  log: Logger;
  /** a ping this often; no pong before the next one closes the socket (half-open links) */
  heartbeatMs: number;
  onNotification: (method: string, params: unknown[]) => void;
  onClose: (reason: string) => void;
}

/** An answer and its place among the messages that came on the socket (see `received`). */
export interface RpcAnswer {
  result: unknown;
  /** the number of messages received when this answer came: later notifications count higher */
  arrival: number;
}

interface Pending {
  resolve(answer: RpcAnswer): void;
  reject(error: Error): void;
  cleanup(): void;
}

const MAX_PENDING = 256;

/** JSON-RPC 2.0 over Moonraker's websocket (reference B.1): calls by id, notifications by name. */
export class JsonRpcClient {
  readonly #ws: WebSocket;
  readonly #options: JsonRpcClientOptions;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #heartbeat: NodeJS.Timeout | null = null;
  #isAlive = true;
  #isClosed = false;
  #received = 0;

  private constructor(ws: WebSocket, options: JsonRpcClientOptions) {
    this.#ws = ws;
    this.#options = options;
    ws.on('message', (data, isBinary) => {
      this.#isAlive = true;
      if (!isBinary) this.#receive(data.toString());
    });
    ws.on('pong', () => (this.#isAlive = true));
    ws.on('close', () => this.#end('the Moonraker socket closed'));
    ws.on('error', (error) => this.#end(error.message));
    this.#heartbeat = setInterval(() => {
      if (!this.#isAlive) return this.#end('Moonraker stopped answering pings');
      this.#isAlive = false;
      ws.ping();
    }, options.heartbeatMs);
  }

  static connect(options: JsonRpcClientOptions): Promise<JsonRpcClient> {
    const ws = new WebSocket(options.url, {
      handshakeTimeout: options.heartbeatMs * 2,
      maxPayload: 16 * 1024 * 1024,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.removeListener('error', reject);
        resolve(new JsonRpcClient(ws, options));
      });
      ws.once('error', reject);
    });
  }

  /** Messages received so far; read while a notification is handled, its place among them. */
  get received(): number {
    return this.#received;
  }

  call(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RpcCallOptions,
  ): Promise<unknown> {
    return this.answer(method, params, options).then((answer) => answer.result);
  }

  /**
   * A call whose answer tells where it came among the messages: `ws` hands every message of a
   * received chunk over at once, so notifications after an answer are handled before the code
   * awaiting it resumes, and only their place tells that they are newer.
   */
  answer(
    method: string,
    params: Record<string, unknown> | undefined,
    options: RpcCallOptions,
  ): Promise<RpcAnswer> {
    if (this.#isClosed) return Promise.reject(unreachable('the Moonraker socket is closed'));
    if (options.signal?.aborted) {
      return Promise.reject(new CommandFailed('timeout', `No time left for ${method}.`));
    }
    if (this.#pending.size >= MAX_PENDING) {
      return Promise.reject(new CommandFailed('busy', 'Too many calls waiting for Moonraker.'));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(unreachable(`no answer to ${method} in time`));
      }, options.timeoutMs);
      const onAbort = () => {
        this.#pending.get(id)?.cleanup();
        this.#pending.delete(id);
        reject(new CommandFailed('timeout', `Moonraker did not finish ${method} in time.`));
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      this.#pending.set(id, { resolve, reject, cleanup });
      this.#ws.send(JSON.stringify({ jsonrpc: '2.0', method, ...(params ? { params } : {}), id }));
    });
  }

  close(): void {
    this.#end('closed by the agent', false);
  }

  #receive(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = asRecord(JSON.parse(text));
    } catch {
      return;
    }
    this.#received += 1;
    if (typeof message.method === 'string') {
      const params = Array.isArray(message.params) ? message.params : [];
      try {
        this.#options.onNotification(message.method, params);
      } catch (error) {
        this.#options.log.error('Moonraker notification handler failed', { error: String(error) });
      }
      return;
    }
    const pending = typeof message.id === 'number' ? this.#pending.get(message.id) : undefined;
    if (!pending) return;
    this.#pending.delete(message.id as number);
    pending.cleanup();
    const error = message.error === undefined ? null : asRecord(message.error);
    if (error) {
      const code = typeof error.code === 'number' ? error.code : 500;
      pending.reject(
        new RpcError(code, typeof error.message === 'string' ? error.message : 'error'),
      );
    } else {
      pending.resolve({ result: message.result, arrival: this.#received });
    }
  }

  #end(reason: string, report = true): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#ws.terminate();
    for (const pending of this.#pending.values()) {
      pending.cleanup();
      pending.reject(unreachable(reason));
    }
    this.#pending.clear();
    if (report) this.#options.onClose(reason);
  }
}

function unreachable(reason: string): CommandFailed {
  return new CommandFailed('printer-unreachable', `Moonraker does not answer (${reason}).`);
}
