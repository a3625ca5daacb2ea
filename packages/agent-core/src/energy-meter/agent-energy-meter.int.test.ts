import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeEnergyMeter,
  type FakeEnergyMeter,
} from '@printdeck/server/test-support/fake-energy-meter.js';
import { CommandFailed } from '../drivers/driver.js';
import { createPlugAddressRule, readEnergyMeterOnAgent } from './agent-energy-meter.js';

/** The agent reads its printer's plug: the address rule, the documented requests, the budgets. */

let tasmota: FakeEnergyMeter;
let shelly: FakeEnergyMeter;
/** a "plug" that answers too much, slowly, or elsewhere, to test the budgets */
let odd: http.Server;
let oddUrl: string;

beforeAll(async () => {
  [tasmota, shelly] = await Promise.all([
    startFakeEnergyMeter('tasmota'),
    startFakeEnergyMeter('shelly'),
  ]);
  tasmota.consume(1500, 60);
  shelly.consume(2500, 30);
  odd = http.createServer((_request, response) => {
    const mode = oddMode;
    if (mode === 'big-chunked') {
      // a valid start, then more than 64 KB without a length: cut off while it streams
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"StatusSNS":{"ENERGY":{"Total":1,"Pad":"');
      const timer = setInterval(() => response.write('x'.repeat(16 * 1024)), 5);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (mode === 'big-declared') {
      const body = JSON.stringify({ StatusSNS: { ENERGY: { Total: 1 } }, pad: 'y'.repeat(70_000) });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
      return;
    }
    if (mode === 'redirect') {
      response.writeHead(302, { location: `${tasmota.url}/cm?cmnd=Status%208` });
      response.end();
      return;
    }
    if (mode === 'trickle') {
      // headers at once, then the body never ends: the budget is for the whole answer
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"StatusSNS":');
      return;
    }
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
let oddMode = 'big-chunked';

afterAll(async () => {
  odd.closeAllConnections();
  await Promise.all([
    tasmota.close(),
    shelly.close(),
    new Promise<void>((resolve) => odd.close(() => resolve())),
  ]);
});

/** this test's plugs listen on loopback: an agent configured for it, as --plug-networks does */
const LOOPBACK = createPlugAddressRule(['127.0.0.1/32']);

const command = (kind: 'tasmota' | 'shelly', url: string, channel = 0) =>
  ({ name: 'read_energy_meter', kind, url, channel }) as const;

async function refusal(run: Promise<unknown>): Promise<CommandFailed> {
  const error = await run.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CommandFailed);
  return error as CommandFailed;
}

describe('the agent reads a plug', () => {
  it('Tasmota Status 8 and Shelly Switch.GetStatus, at the address it checked', async () => {
    await expect(
      readEnergyMeterOnAgent(command('tasmota', tasmota.url), { rule: LOOPBACK }),
    ).resolves.toEqual({ total_kwh: 1.5, power_w: 60 });
    await expect(
      readEnergyMeterOnAgent(command('shelly', `${shelly.url}/ignored/path`), { rule: LOOPBACK }),
    ).resolves.toEqual({ total_kwh: 2.5, power_w: 30 });
    expect(tasmota.requests).toContain('/cm?cmnd=Status%208');
    expect(shelly.requests).toContain('/rpc/Switch.GetStatus?id=0');
  });

  it('by default only private and link-local addresses: loopback and public ones are refused before any request', async () => {
    const before = tasmota.requests.length;
    const rule = createPlugAddressRule();
    const loopback = await refusal(
      readEnergyMeterOnAgent(command('tasmota', tasmota.url), { rule }),
    );
    expect(loopback.code).toBe('meter-unreadable');
    expect(loopback.message).toContain(
      '127.0.0.1 is outside the networks this agent reads plugs in',
    );
    // a name is resolved and every address it has checked
    const named = await refusal(
      readEnergyMeterOnAgent(command('tasmota', 'http://plug.example'), {
        rule,
        resolve: async () => ['192.168.1.40', '93.184.216.34'],
      }),
    );
    expect(named.message).toContain('plug.example (93.184.216.34) is outside');
    expect(tasmota.requests.length).toBe(before);
  });

  it('an address with credentials or not http is refused on the agent too', async () => {
    for (const url of ['http://admin:pw@127.0.0.1', 'https://127.0.0.1', 'not a url']) {
      const error = await refusal(
        readEnergyMeterOnAgent(command('tasmota', url), { rule: LOOPBACK }),
      );
      expect(error.code, url).toBe('invalid-command');
    }
  });

  it('LAN mode’s built-in agent goes through its HostNetwork (LAN_PRINTER_NETWORKS)', async () => {
    const refused = await refusal(
      readEnergyMeterOnAgent(command('tasmota', tasmota.url), {
        rule: LOOPBACK,
        network: {
          pin: () =>
            Promise.reject(
              new CommandFailed(
                'printer-unreachable',
                "The printer's address: 127.0.0.1 is outside the networks this server may reach.",
              ),
            ),
        },
      }),
    );
    expect(refused.code).toBe('meter-unreadable');
    expect(refused.message).toBe(
      'The plug’s address: 127.0.0.1 is outside the networks this server may reach.',
    );
    const pinned: string[] = [];
    await expect(
      readEnergyMeterOnAgent(command('tasmota', tasmota.url.replace('127.0.0.1', 'plug.lan')), {
        rule: createPlugAddressRule(),
        network: {
          pin: async (url) => {
            pinned.push(url);
            return url.replace('plug.lan', '127.0.0.1');
          },
        },
      }),
    ).resolves.toMatchObject({ total_kwh: 1.5 });
    expect(pinned).toEqual([tasmota.url.replace('127.0.0.1', 'plug.lan')]);
  });
});

describe('the budgets', () => {
  it('a silent plug: no answer within the time budget', async () => {
    tasmota.setMode('silent');
    try {
      const error = await refusal(
        readEnergyMeterOnAgent(command('tasmota', tasmota.url), {
          rule: LOOPBACK,
          budget: { timeoutMs: 300, maxBytes: 65_536 },
        }),
      );
      expect(error.code).toBe('meter-unreadable');
      expect(error.message).toBe('The plug did not answer within 0.3 s.');
    } finally {
      tasmota.setMode('up');
    }
  });

  it('a body that never ends counts against the time budget too', async () => {
    oddMode = 'trickle';
    const error = await refusal(
      readEnergyMeterOnAgent(command('tasmota', oddUrl), {
        rule: LOOPBACK,
        budget: { timeoutMs: 300, maxBytes: 65_536 },
      }),
    );
    expect(error.message).toBe('The plug did not answer within 0.3 s.');
  });

  it('more than 64 KB is refused, declared or streamed, without reading the rest', async () => {
    for (const mode of ['big-declared', 'big-chunked']) {
      oddMode = mode;
      const error = await refusal(
        readEnergyMeterOnAgent(command('tasmota', oddUrl), { rule: LOOPBACK }),
      );
      expect(error.code, mode).toBe('meter-unreadable');
      expect(error.message, mode).toBe('The plug answered more than 64 KB.');
    }
  });

  it('a redirect is not followed; garbage and the wrong kind are said as such', async () => {
    oddMode = 'redirect';
    const before = tasmota.requests.length;
    const redirected = await refusal(
      readEnergyMeterOnAgent(command('tasmota', oddUrl), { rule: LOOPBACK }),
    );
    expect(redirected.message).toMatch(/^The plug did not answer/);
    expect(tasmota.requests.length).toBe(before);
    tasmota.setMode('garbage');
    try {
      const garbage = await refusal(
        readEnergyMeterOnAgent(command('tasmota', tasmota.url), { rule: LOOPBACK }),
      );
      expect(garbage.message).toBe('The plug did not answer JSON.');
    } finally {
      tasmota.setMode('up');
    }
    const wrongKind = await refusal(
      readEnergyMeterOnAgent(command('tasmota', shelly.url), { rule: LOOPBACK }),
    );
    expect(wrongKind.message).toBe('The plug answered HTTP 404.');
    const noSwitch = await refusal(
      readEnergyMeterOnAgent(command('shelly', shelly.url, 3), { rule: LOOPBACK }),
    );
    expect(noSwitch.message).toBe('The plug answered HTTP 404.');
  });
});
