import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createConsoleLogger } from '../../log.js';
import { JsonRpcClient } from './jsonrpc-client.js';

describe('JsonRpcClient: the place of answers among notifications', () => {
  let server: WebSocketServer | null = null;
  let client: JsonRpcClient | null = null;
  afterEach(async () => {
    client?.close();
    server?.close();
    if (server) await once(server, 'close');
  });

  it('numbers answers and notifications in the order they came, also within one chunk', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    server.on('connection', (socket) => {
      socket.on('message', (data) => {
        const { id } = JSON.parse(String(data)) as { id: number };
        // the answer and a newer notification in the same tick: one chunk for the reader
        socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notify_a', params: [] }));
        socket.send(JSON.stringify({ jsonrpc: '2.0', result: { ok: true }, id }));
        socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'notify_b', params: [] }));
      });
    });
    const places: Array<[string, number]> = [];
    const { port } = server.address() as AddressInfo;
    const connected = await JsonRpcClient.connect({
      url: `ws://127.0.0.1:${port}`,
      log: createConsoleLogger('error'),
      heartbeatMs: 60_000,
      onNotification: (method) => places.push([method, connected.received]),
      onClose: () => undefined,
    });
    client = connected;

    const answer = await connected.answer('printer.objects.subscribe', {}, { timeoutMs: 5000 });
    await expect.poll(() => places.length).toBe(2);
    expect(answer).toEqual({ result: { ok: true }, arrival: 2 });
    expect(places).toEqual([
      ['notify_a', 1],
      ['notify_b', 3],
    ]);
  });
});
