import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEVICE_PROTOCOL_VERSION, type AgentMessage } from '@printdeck/shared';
import { silentLogger, type Logger } from '../log.js';
import { eventually } from '../../test-support/drivers.js';
import { ServerLink, deviceSocketUrl } from './server-link.js';
import type { AgentStop } from './stop-reasons.js';

/** A stand-in for the gateway, to make it misbehave in ways the real one does not. */
async function startFakeGateway(onConnection: (ws: WebSocket, auth: string | undefined) => void) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/api/device/ws' });
  await new Promise((resolve) => wss.once('listening', resolve));
  let connections = 0;
  wss.on('connection', (ws, request) => {
    connections += 1;
    onConnection(ws, request.headers.authorization);
  });
  return {
    url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => {
      for (const client of wss.clients) client.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const welcome = (heartbeatMs = 15_000) =>
  JSON.stringify({
    type: 'welcome',
    protocol: 1,
    server_version: 'test',
    heartbeat_ms: heartbeatMs,
  });

const links: ServerLink[] = [];
const gateways: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(links.splice(0).map((link) => link.stop()));
  await Promise.all(gateways.splice(0).map((gateway) => gateway.close()));
});

function startLink(serverUrl: string, log = silentLogger) {
  const seen = {
    online: 0,
    offline: 0,
    badRequests: [] as string[],
    stop: null as AgentStop | null,
  };
  const link = new ServerLink({
    serverUrl,
    deviceKey: 'THE-KEY',
    identity: 'the-agent-identity',
    hello: {
      type: 'hello',
      protocol: DEVICE_PROTOCOL_VERSION,
      agent_version: 'test',
      driver: 'octoprint',
      capabilities: ['pause'],
    },
    backoff: { initialMs: 10, maxMs: 50 },
    stableMs: 60_000,
    log,
    onOnline: () => (seen.online += 1),
    onRequest: () => undefined,
    onBadRequest: (id) => seen.badRequests.push(id),
    onOffline: () => (seen.offline += 1),
    onStop: (stop) => (seen.stop = stop),
  });
  links.push(link);
  link.start();
  return { link, seen };
}

/** A logger that keeps its warnings, to read what the person at the printer is told. */
function recordWarnings(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const log: Logger = { ...silentLogger, warn: (message) => warnings.push(message) };
  return { log, warnings };
}

describe('ServerLink says which address it tried and why (issue 24)', () => {
  it('names a refused connection', async () => {
    const closed = await startFakeGateway(() => undefined);
    await closed.close();
    const { log, warnings } = recordWarnings();
    startLink(closed.url, log);
    const socket = deviceSocketUrl(closed.url);
    await eventually('a warning', () => warnings.length > 0);
    expect(warnings[0]).toBe(
      `could not reach the Printdeck server at ${socket}: connection refused: nothing listens at that address and port (is it the server, and is the server running?)`,
    );
  });

  it('names a host name that does not resolve', async () => {
    const { log, warnings } = recordWarnings();
    startLink('http://printdeck.invalid:8080', log);
    await eventually('a warning', () => warnings.length > 0);
    expect(warnings[0]).toContain(
      'could not reach the Printdeck server at ws://printdeck.invalid:8080/api/device/ws: DNS:',
    );
  });

  it('names the HTTP status of a server that does not upgrade', async () => {
    const http = await import('node:http');
    const server = http.createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gateways.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { log, warnings } = recordWarnings();
    startLink(url, log);
    await eventually('a warning', () => warnings.length > 0);
    expect(warnings[0]).toContain(`at ${deviceSocketUrl(url)}: the server answered HTTP 404`);
  });
});

describe('ServerLink', () => {
  it('builds the socket URL from the server URL', () => {
    expect(deviceSocketUrl('http://host:8080')).toBe('ws://host:8080/api/device/ws');
    expect(deviceSocketUrl('https://host/printdeck/')).toBe('wss://host/printdeck/api/device/ws');
    expect(deviceSocketUrl('wss://host/api/device/ws?x=1')).toBe('wss://host/api/device/ws');
  });

  it('says hello first with the key in the header, and is online only after the welcome', async () => {
    const received: AgentMessage[] = [];
    let auth: string | undefined;
    const gateway = await startFakeGateway((ws, header) => {
      auth = header;
      ws.on('message', (data) => {
        received.push(JSON.parse(data.toString()) as AgentMessage);
        if (received.length === 1) ws.send(welcome());
      });
    });
    gateways.push(gateway);
    const { link, seen } = startLink(gateway.url);
    await eventually('online', () => seen.online === 1);
    expect(auth).toBe('Bearer THE-KEY');
    expect(received[0]).toMatchObject({ type: 'hello', driver: 'octoprint' });
    expect(link.send({ type: 'ping', at: 1 })).toBe(true);
  });

  it('reconnects when the server goes silent (no answer to its pings)', async () => {
    const gateway = await startFakeGateway((ws) => {
      ws.once('message', () => ws.send(welcome(100)));
    });
    gateways.push(gateway);
    const { seen } = startLink(gateway.url);
    await eventually('a second connection', () => gateway.connections() >= 2 && seen.offline >= 1);
    expect(seen.stop).toBeNull();
  });

  it('reconnects after a server restart (1012) and after a dropped socket', async () => {
    const gateway = await startFakeGateway((ws) => {
      ws.once('message', () => {
        ws.send(welcome());
        const count = gateway.connections();
        if (count === 1) setTimeout(() => ws.close(1012, 'server restart'), 20);
        if (count === 2) setTimeout(() => ws.terminate(), 20);
      });
    });
    gateways.push(gateway);
    const { seen } = startLink(gateway.url);
    await eventually('three connections', () => seen.online >= 3);
    expect(seen.offline).toBe(2);
  });

  it.each([
    [4408, 'no hello in time'],
    // what servers before 4408 answered a late hello with: a slow agent, not another protocol
    [4400, 'no hello'],
  ])('tries again when its hello came too late (%i %s)', async (code, reason) => {
    const gateway = await startFakeGateway((ws) => {
      if (gateway.connections() === 1) ws.close(code, reason);
      else ws.once('message', () => ws.send(welcome()));
    });
    gateways.push(gateway);
    const { seen } = startLink(gateway.url);
    await eventually('online on the second connection', () => seen.online === 1);
    expect(gateway.connections()).toBe(2);
    expect(seen.stop).toBeNull();
  });

  it.each([
    [4401, 'key-refused'],
    [4409, 'replaced'],
    [4400, 'protocol-mismatch'],
  ])('stops for good on close code %i (%s)', async (code, reason) => {
    const gateway = await startFakeGateway((ws) => {
      ws.once('message', () => {
        ws.send(welcome());
        ws.close(code, 'go away');
      });
    });
    gateways.push(gateway);
    const { seen } = startLink(gateway.url);
    await eventually('stopped', () => seen.stop !== null);
    expect(seen.stop).toMatchObject({ reason });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gateway.connections()).toBe(1);
  });

  it('hands a request it cannot read over to be refused, and ignores other junk', async () => {
    const gateway = await startFakeGateway((ws) => {
      ws.once('message', () => {
        ws.send(welcome());
        ws.send('not json');
        ws.send(JSON.stringify({ type: 'mystery' }));
        ws.send(
          JSON.stringify({ type: 'request', id: 'r1', timeout_ms: 1000, command: { name: 'fly' } }),
        );
      });
    });
    gateways.push(gateway);
    const { seen } = startLink(gateway.url);
    await eventually('refused', () => seen.badRequests.length === 1);
    expect(seen.badRequests).toEqual(['r1']);
    expect(seen.stop).toBeNull();
  });
});
