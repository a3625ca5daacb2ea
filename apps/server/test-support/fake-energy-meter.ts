import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local smart plug that speaks the documented HTTP APIs Printdeck reads (the plugs cannot run
 * here). Tasmota: `GET /cm?cmnd=Status 8` answers `StatusSNS.ENERGY` with `Total` (kWh since
 * `TotalStartTime`), `Today`, `Yesterday`, `Power` (W), `Voltage`, `Current`; an unknown command
 * answers `{"Command":"Unknown"}` (tasmota.github.io/docs/Commands, "Status 8"). Shelly Gen2+:
 * `GET /rpc/Switch.GetStatus?id=0` answers `apower` (W), `voltage`, `current` and `aenergy`
 * with `total` (Wh), `by_minute`, `minute_ts`; an unknown id is 404 with code -105
 * (shelly-api-docs.shelly.cloud/gen2/ComponentsAndServices/Switch, "Switch.GetStatus").
 */
export type FakeEnergyMeterMode =
  /** answers like the plug */
  | 'up'
  /** an HTML page (not a plug at this address) */
  | 'garbage'
  /** no answer until the reader gives up */
  | 'silent';

/** A plug of one kind: it answers its own API only (a Shelly has no `/cm`). */
export async function startFakeEnergyMeter(kind: 'tasmota' | 'shelly') {
  let totalWh = 0;
  let powerW = 0;
  let mode: FakeEnergyMeterMode = 'up';
  const requests: string[] = [];

  function tasmota(command: string | null): unknown {
    if (command?.replace(/\s+/g, ' ').toLowerCase() !== 'status 8') return { Command: 'Unknown' };
    return {
      StatusSNS: {
        Time: '2026-11-27T12:00:00',
        ENERGY: {
          TotalStartTime: '2026-01-01T00:00:00',
          Total: Math.round(totalWh) / 1000,
          Yesterday: 0,
          Today: Math.round(totalWh) / 1000,
          Power: Math.round(powerW),
          ApparentPower: Math.round(powerW * 1.1),
          ReactivePower: 0,
          Factor: 0.91,
          Voltage: 230,
          Current: Math.round((powerW / 230) * 1000) / 1000,
        },
      },
    };
  }

  function shelly(id: string | null): { status: number; body: unknown } {
    if (id !== '0') {
      return {
        status: 404,
        body: { code: -105, message: `Argument 'id', value ${id} not found!` },
      };
    }
    return {
      status: 200,
      body: {
        id: 0,
        source: 'init',
        output: true,
        apower: powerW,
        voltage: 230.1,
        current: Math.round((powerW / 230) * 1000) / 1000,
        aenergy: { total: Math.round(totalWh * 1000) / 1000, by_minute: [0, 0, 0], minute_ts: 0 },
        temperature: { tC: 30.2, tF: 86.4 },
      },
    };
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://plug');
    requests.push(`${url.pathname}${url.search}`);
    if (mode === 'silent') return; // the reader's timeout ends it
    if (mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Router login</body></html>');
      return;
    }
    let status = 200;
    let body: unknown;
    if (kind === 'tasmota' && url.pathname === '/cm') body = tasmota(url.searchParams.get('cmnd'));
    else if (kind === 'shelly' && url.pathname === '/rpc/Switch.GetStatus')
      ({ status, body } = shelly(url.searchParams.get('id')));
    else [status, body] = [404, { code: 404, message: 'Not found' }];
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** the plug's counter runs on: `wh` more energy through it */
    consume(wh: number, watts = powerW): void {
      totalWh += wh;
      powerW = watts;
    },
    /** the plug was reset: its counter starts at zero again */
    resetCounter(): void {
      totalWh = 0;
    },
    setMode(next: FakeEnergyMeterMode): void {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeEnergyMeter = Awaited<ReturnType<typeof startFakeEnergyMeter>>;
