/** The probes against the virtual Moonraker and Klipper (see `fidelity-probes.ts`). */
import WebSocket from 'ws';
import { startVirtualMoonraker } from '@printdeck/simulator';
import { GCODE, sleep, until, type Probe } from './fidelity-probes.js';

/** A JSON-RPC call on a fresh socket to a virtual Moonraker; answers the result or the error. */
async function rpc(
  url: string,
  calls: Array<[string, Record<string, unknown>]>,
): Promise<unknown[]> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/websocket`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const answers: unknown[] = [];
  try {
    for (const [index, [method, params]] of calls.entries()) {
      const answer = new Promise<unknown>((resolve) =>
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString()) as {
            id?: number;
            result?: unknown;
            error?: unknown;
          };
          if (message.id === index + 1) resolve(message.error ?? message.result);
        }),
      );
      ws.send(JSON.stringify({ jsonrpc: '2.0', method, params, id: index + 1 }));
      answers.push(await answer);
    }
    return answers;
  } finally {
    ws.close();
  }
}

const IDENTIFY = {
  client_name: 'probe',
  version: '1',
  type: 'agent',
  url: 'https://example.invalid',
};

/** M115's reply lines, a fresh print's duration and the objects after a configuration error. */
async function klipperReplies(): Promise<{
  lines: string[];
  printDuration: number;
  errorStatus: Record<string, unknown>;
}> {
  const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10 });
  const lines: string[] = [];
  const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/websocket`);
  try {
    await new Promise((resolve) => ws.once('open', resolve));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { method?: string; params?: string[] };
      if (message.method === 'notify_gcode_response') lines.push(String(message.params?.[0]));
    });
    await rpc(sim.url, [['printer.gcode.script', { script: 'M115' }]]);
    await until(() => lines.length > 0);
    sim.printer.files.put('d.gcode', Buffer.from(GCODE), sim.printer.time);
    await rpc(sim.url, [['printer.print.start', { filename: 'd.gcode' }]]);
    const [started] = await rpc(sim.url, [
      ['printer.objects.query', { objects: { print_stats: ['print_duration', 'state'] } }],
    ]);
    sim.faults.klippyError();
    const [inError] = await rpc(sim.url, [
      ['printer.objects.query', { objects: { extruder: null, heater_bed: null, webhooks: null } }],
    ]);
    const stats = (started as { status: { print_stats: { print_duration: number } } }).status;
    return {
      lines,
      printDuration: stats.print_stats.print_duration,
      errorStatus: (inError as { status: Record<string, unknown> }).status,
    };
  } finally {
    ws.close();
    await sim.close();
  }
}

let replies: ReturnType<typeof klipperReplies> | null = null;
const sharedKlipperReplies = () => (replies ??= klipperReplies());

/** The print_stats states and history notices, in order, of one print to its end. */
async function notifications(): Promise<string[]> {
  const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 20 });
  const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/websocket`);
  const seen: string[] = [];
  try {
    await new Promise((resolve) => ws.once('open', resolve));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as {
        method?: string;
        params?: Array<Record<string, unknown>>;
      };
      const first = message.params?.[0] ?? {};
      if (message.method === 'notify_history_changed') {
        const job = first.job as { status: string };
        seen.push(`history ${String(first.action)} ${job.status}`);
      }
      if (message.method === 'notify_status_update') {
        const stats = first.print_stats as { state?: string } | undefined;
        if (stats?.state) seen.push(`status ${stats.state}`);
        if (typeof message.params?.[1] !== 'number') seen.push('status without eventtime');
      }
    });
    ws.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'printer.objects.subscribe',
        params: { objects: { print_stats: ['state'] } },
        id: 1,
      }),
    );
    await sleep(100);
    sim.printer.files.put('h.gcode', Buffer.from(GCODE), sim.printer.time);
    await rpc(sim.url, [['printer.print.start', { filename: 'h.gcode' }]]);
    for (let i = 0; i < 100 && !seen.some((s) => s.startsWith('history finished')); i++) {
      sim.printer.advance(1000);
      await sleep(20);
    }
    return seen;
  } finally {
    ws.close();
    await sim.close();
  }
}

let notices: Promise<string[]> | null = null;
const sharedNotifications = () => (notices ??= notifications());

export const MOONRAKER_PROBES: Probe[] = [
  {
    name: 'while Klippy is gone, firmware restart and print start/pause answer 503',
    run: async () => {
      const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10 });
      try {
        sim.faults.klippyDisconnect();
        const answers = await rpc(sim.url, [
          ['printer.firmware_restart', {}],
          ['printer.print.start', { filename: 'x.gcode' }],
          ['printer.print.pause', {}],
        ]);
        return answers.every((a) => (a as { code?: number }).code === 503);
      } finally {
        await sim.close();
      }
    },
  },
  {
    name: 'a second client identifying with the same agent name is refused',
    run: async () => {
      const sim = await startVirtualMoonraker({ speed: 0, tickMs: 10 });
      const first = new WebSocket(`${sim.url.replace('http', 'ws')}/websocket`);
      try {
        await new Promise((resolve) => first.once('open', resolve));
        const held = new Promise((resolve) => first.once('message', resolve));
        first.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'server.connection.identify',
            params: IDENTIFY,
            id: 1,
          }),
        );
        await held;
        const [second] = await rpc(sim.url, [['server.connection.identify', IDENTIFY]]);
        return (second as { code?: number }).code === 400;
      } finally {
        first.close();
        await sim.close();
      }
    },
  },
  {
    name: 'the power notice arrives ~240 ms after ready, not with it',
    run: async () => {
      const sim = await startVirtualMoonraker({
        speed: 0,
        tickMs: 10,
        powerDevices: [{ name: 'printer', type: 'klipper_device', initialState: 'on' }],
      });
      try {
        sim.faults.klippyShutdown();
        sim.printer.advance(100);
        await rpc(sim.url, [['printer.firmware_restart', {}]]);
        for (let i = 0; i < 100; i++) {
          sim.printer.advance(50);
          const [info] = await rpc(sim.url, [['server.info', {}]]);
          if ((info as { klippy_state?: string }).klippy_state === 'ready') break;
        }
        const [atReady] = await rpc(sim.url, [
          ['machine.device_power.get_device', { device: 'printer' }],
        ]);
        sim.printer.advance(300);
        const [later] = await rpc(sim.url, [
          ['machine.device_power.get_device', { device: 'printer' }],
        ]);
        return (
          (atReady as Record<string, string>).printer === 'init' &&
          (later as Record<string, string>).printer === 'on'
        );
      } finally {
        await sim.close();
      }
    },
  },
  {
    name: 'temperatures in the config-error state: the bed heater loaded, reading 0, no extruder',
    run: async () => {
      const { errorStatus } = await sharedKlipperReplies();
      const bed = errorStatus.heater_bed as { temperature?: number } | undefined;
      return bed?.temperature === 0 && !('extruder' in errorStatus) && 'webhooks' in errorStatus;
    },
  },
  {
    name: 'the `// ` prefix on G-code replies (M115 through Moonraker)',
    run: async () =>
      (await sharedKlipperReplies()).lines.some((line) =>
        line.startsWith('// FIRMWARE_NAME:Klipper'),
      ),
  },
  {
    name: 'print duration starting at 0',
    run: async () => (await sharedKlipperReplies()).printDuration === 0,
  },
  {
    name: 'a documented relay reads "off" while the printer is ready',
    run: async () => {
      // Moonraker's documented example: a `klipper_device` on an output pin of Klipper's own
      const sim = await startVirtualMoonraker({
        speed: 0,
        tickMs: 10,
        powerDevices: [{ name: 'printer', type: 'klipper_device', initialState: 'off' }],
      });
      try {
        sim.printer.advance(500);
        const [info, device] = await rpc(sim.url, [
          ['server.info', {}],
          ['machine.device_power.get_device', { device: 'printer' }],
        ]);
        return (
          (info as { klippy_state?: string }).klippy_state === 'ready' &&
          (device as Record<string, string>).printer === 'off'
        );
      } finally {
        await sim.close();
      }
    },
  },
  {
    name: 'notify_status_update carries [status, eventtime] and comes before the history notice',
    run: async () => {
      const seen = await sharedNotifications();
      return (
        !seen.includes('status without eventtime') &&
        seen.indexOf('status printing') < seen.indexOf('history added in_progress') &&
        seen.indexOf('status complete') < seen.indexOf('history finished completed')
      );
    },
  },
  {
    name: 'history events: added (in_progress) at the start, finished (completed) at the end',
    run: async () =>
      JSON.stringify((await sharedNotifications()).filter((s) => s.startsWith('history'))) ===
      JSON.stringify(['history added in_progress', 'history finished completed']),
  },
];
