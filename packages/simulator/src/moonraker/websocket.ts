import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { requestUrl } from '../http/body.js';
import type { LinkFaults } from '../faults.js';
import type { MoonrakerAuth } from './auth.js';
import type { MoonrakerContext } from './context.js';
import { handleRpcText } from './jsonrpc.js';
import type { MethodTable, RpcConnection } from './methods.js';
import { eventTime } from './objects.js';

export const WEBSOCKET_PATH = '/websocket';
/** A client that stops reading is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

interface WsConnection extends RpcConnection {
  ws: WebSocket;
}

export interface RpcSocketOptions {
  maxMessageBytes: number;
  maxClients: number;
}

/** JSON-RPC over `/websocket`: requests, notifications and status subscriptions. */
export class RpcSocketServer {
  readonly #wss: WebSocketServer;
  readonly #connections = new Map<number, WsConnection>();
  #nextId = randomInt(1_000_000_000, 1_900_000_000);

  constructor(
    private readonly ctx: MoonrakerContext,
    private readonly table: MethodTable,
    private readonly auth: MoonrakerAuth,
    private readonly links: LinkFaults,
    private readonly options: RpcSocketOptions,
  ) {
    this.#wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes });
  }

  get size(): number {
    return this.#connections.size;
  }

  find(id: number): RpcConnection | undefined {
    return this.#connections.get(id);
  }

  handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = requestUrl(req);
    if (url.pathname !== WEBSOCKET_PATH || this.#connections.size >= this.options.maxClients) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
      return;
    }
    const authenticated = this.auth.isRequestAuthorized(req, url);
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, authenticated));
  };

  /** Sends a notification to every client that may hear it. */
  broadcast(method: string, params: unknown[]): void {
    const text = JSON.stringify({ jsonrpc: '2.0', method, params });
    for (const connection of this.#connections.values()) {
      if (this.#mayReceive(connection)) send(connection, text);
    }
  }

  /** Every tick: each subscriber gets the fields that changed, and nothing if none did. */
  sendStatusUpdates(): void {
    for (const connection of this.#connections.values()) {
      const changes = connection.subscription?.changes(this.ctx);
      if (changes) {
        const params = [changes, eventTime(this.ctx)];
        send(
          connection,
          JSON.stringify({ jsonrpc: '2.0', method: 'notify_status_update', params }),
        );
      }
    }
  }

  /** Klippy went away: every subscription is gone (reference C.2). */
  dropSubscriptions(): void {
    for (const connection of this.#connections.values()) connection.subscription = null;
  }

  close(): void {
    for (const connection of this.#connections.values()) connection.ws.terminate();
    this.#wss.close();
  }

  #accept(ws: WebSocket, authenticated: boolean): void {
    const connection: WsConnection = {
      id: this.#nextId++,
      ws,
      subscription: null,
      identified: false,
      authenticated,
    };
    this.#connections.set(connection.id, connection);
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      this.#connections.delete(connection.id);
      // an agent's name is free again once its socket closes (extensions.py `remove_agent`)
      for (const [name, holder] of this.ctx.agents) {
        if (holder === connection) this.ctx.agents.delete(name);
      }
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      void this.#answer(connection, data.toString());
    });
  }

  async #answer(connection: WsConnection, text: string): Promise<void> {
    await this.links.answerGate();
    const response = await handleRpcText(this.ctx, this.table, text, {
      connection,
      isAuthorized: () => this.#mayReceive(connection),
    });
    if (response !== null) send(connection, response);
  }

  #mayReceive(connection: WsConnection): boolean {
    return !this.auth.isRequired || connection.authenticated;
  }
}

function send(connection: WsConnection, text: string): void {
  const { ws } = connection;
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    ws.terminate();
    return;
  }
  ws.send(text);
}
