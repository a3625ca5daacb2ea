/** The probes against the virtual OctoPrint (see `fidelity-probes.ts`). */
import WebSocket from 'ws';
import {
  OCTOPRINT_EXTRA_EVENTS as EXTRA_EVENTS,
  startVirtualOctoPrint,
} from '@printdeck/simulator';
import { GCODE, sleep, until, type Probe } from './fidelity-probes.js';

/** OctoPrint's push-socket event names after a passive login, with state changes as `state X`. */
async function octoPrintEvents(
  run: (
    api: (path: string, init?: RequestInit) => Promise<Response>,
    advance: (ms: number) => void,
  ) => Promise<void>,
  options: Parameters<typeof startVirtualOctoPrint>[0] = {},
): Promise<string[]> {
  const sim = await startVirtualOctoPrint({
    speed: 0,
    apiKey: 'K',
    pushIntervalMs: 20,
    tickMs: 10,
    ...options,
  });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}${path}`, { ...init, headers: { 'X-Api-Key': 'K', ...init.headers } });
  const names: string[] = [];
  const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/sockjs/websocket`);
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    let isAuthed = false;
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as Record<
        string,
        { type: string; payload: Record<string, unknown> }
      >;
      if ('history' in message) isAuthed = true;
      const event = message.event;
      if (event)
        names.push(
          event.type === 'PrinterStateChanged'
            ? `state ${String(event.payload.state_string)}`
            : event.type,
        );
    });
    const login = (await (
      await api('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"passive":true}',
      })
    ).json()) as { name: string; session: string };
    ws.send(JSON.stringify({ auth: `${login.name}:${login.session}` }));
    await until(() => isAuthed);
    names.length = 0;
    await run(api, (ms) => sim.printer.advance(ms));
    await sleep(400);
    return names;
  } finally {
    ws.close();
    await sim.close();
  }
}

function uploadAndPrint(api: (path: string, init?: RequestInit) => Promise<Response>) {
  const form = new FormData();
  form.append('file', new Blob([GCODE]), 'probe.gcode');
  form.append('print', 'true');
  return api('/api/files/local', { method: 'POST', body: form });
}

/** One request to a fresh virtual OctoPrint (simulated clock) with its key. */
export async function withOctoPrint<T>(
  options: Parameters<typeof startVirtualOctoPrint>[0],
  run: (
    api: (path: string, init?: RequestInit) => Promise<Response>,
    sim: Awaited<ReturnType<typeof startVirtualOctoPrint>>,
  ) => Promise<T>,
): Promise<T> {
  const sim = await startVirtualOctoPrint({ speed: 0, apiKey: 'K', tickMs: 10, ...options });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}${path}`, { ...init, headers: { 'X-Api-Key': 'K', ...init.headers } });
  try {
    return await run(api, sim);
  } finally {
    await sim.close();
  }
}

function uploadNamed(
  api: (path: string, init?: RequestInit) => Promise<Response>,
  name: string,
  content: string,
) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return api('/api/files/local', { method: 'POST', body: form });
}

let extraEvents: Promise<string[]> | null = null;

/**
 * One run that gives OctoPrint every reason for its side events: commands with G28 and G4, an
 * upload printed to its end, a disconnect and a connect. Shared by the per-event probes.
 */
function extraEventsSeen(): Promise<string[]> {
  extraEvents ??= octoPrintEvents(async (api, advance) => {
    const command = (body: string) =>
      api('/api/printer/command', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    await command('{"commands":["G28","G4 P10"]}');
    await uploadAndPrint(api);
    for (let i = 0; i < 80; i++) {
      advance(1000);
      await sleep(5);
    }
    for (const verb of ['disconnect', 'connect']) {
      await api('/api/connection', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ command: verb }),
      });
    }
    advance(2000);
  });
  return extraEvents;
}

export const OCTOPRINT_PROBES: Probe[] = [
  {
    name: 'uploaded names kept as given',
    run: () =>
      withOctoPrint({}, async (api) => {
        const name = 'Calibration Cube (v2) äö.gcode';
        const body = (await (await uploadNamed(api, name, GCODE)).json()) as {
          files: { local: { name: string } };
        };
        return body.files.local.name === name;
      }),
  },
  {
    name: '.stl upload refused 415 "Could not upload file, invalid type"',
    run: () =>
      withOctoPrint({}, async (api) => {
        const response = await uploadNamed(api, 'part.stl', 'solid x\nendsolid x\n');
        const body = (await response.json()) as { error?: string };
        return response.status === 415 && body.error === 'Could not upload file, invalid type';
      }),
  },
  {
    name: 'cancel: PrintCancelling, PrintCancelled, then PrintFailed {reason: cancelled}',
    run: async () => {
      const names = await octoPrintEvents(async (api, advance) => {
        await uploadAndPrint(api);
        advance(2000);
        await api('/api/job', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"command":"cancel"}',
        });
        advance(2000);
      });
      const ends = names.filter((n) => /^Print(Cancel|Failed)/.test(n));
      return (
        JSON.stringify(ends) ===
        JSON.stringify(['PrintCancelling', 'PrintCancelled', 'PrintFailed'])
      );
    },
  },
  {
    name: 'upload-and-print: FileAdded, UpdatedFiles, FileSelected, STARTING, PrintStarted, PRINTING',
    run: async () => {
      const names = await octoPrintEvents(async (api, advance) => {
        await uploadAndPrint(api);
        advance(2000);
      });
      return (
        JSON.stringify(names.filter((n) => !EXTRA_EVENTS.has(n)).slice(0, 6)) ===
        JSON.stringify([
          'FileAdded',
          'UpdatedFiles',
          'FileSelected',
          'state Starting',
          'PrintStarted',
          'state Printing',
        ])
      );
    },
  },
  {
    name: 'emergency stop: FileDeselected, Disconnected, EStop, PrintFailed, Offline after error',
    run: async () => {
      let failed: Record<string, unknown> = {};
      const names = await octoPrintEvents(async (api, advance) => {
        await uploadAndPrint(api);
        advance(2000);
        await api('/api/printer/command', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"command":"M112"}',
        });
        const job = (await (await api('/api/job')).json()) as Record<string, unknown>;
        failed = job;
      });
      // from the start event: on a loaded machine the push loop may not announce Printing
      // before the M112 (the simulated clock moved 2 s at once)
      const tail = names.slice(names.indexOf('PrintStarted') + 1);
      return (
        JSON.stringify(tail.filter((n) => !n.startsWith('state ') && !EXTRA_EVENTS.has(n))) ===
          JSON.stringify(['FileDeselected', 'Disconnected', 'EStop', 'PrintFailed']) &&
        tail.includes('state Offline after error') &&
        failed.state === 'Offline after error' &&
        failed.error === 'Closing serial port due to emergency stop M112.'
      );
    },
  },
  ...[...EXTRA_EVENTS].map((event): Probe => ({
    name: `the event ${event}, which the simulator never sent`,
    run: async () => (await extraEventsSeen()).includes(event),
  })),
  {
    name: 'a printed file honours its G4 dwells and feed rates',
    run: () =>
      withOctoPrint({ printer: { timedMoves: true, homingSeconds: 0 } }, async (api, sim) => {
        // 51 s by its moves and dwells, 600 s by the slicer's estimate
        const file = [';TIME:600', 'G28', 'G1 X100 F6000', 'G4 P10000', 'G4 S40', ''].join('\n');
        const form = new FormData();
        form.append('file', new Blob([file]), 'timed.gcode');
        form.append('print', 'true');
        await api('/api/files/local', { method: 'POST', body: form });
        const state = async () =>
          ((await (await api('/api/job')).json()) as { state: string }).state;
        sim.printer.advance(49_000);
        const before = await state();
        sim.printer.advance(4000);
        return before === 'Printing' && (await state()) === 'Operational';
      }),
  },
  {
    name: "Home, Dwelling and ZChange from a printed file's own lines (G28, G4, a new Z)",
    run: async () => {
      const names = await octoPrintEvents(
        async (api, advance) => {
          const form = new FormData();
          const lines = ['G28', 'G1 Z0.2 F600', 'G4 P2000', 'G1 X20 E1 F1200', 'G1 Z0.4 F600'];
          form.append('file', new Blob([lines.join('\n')]), 'lines.gcode');
          form.append('print', 'true');
          await api('/api/files/local', { method: 'POST', body: form });
          for (let i = 0; i < 40; i++) {
            advance(250);
            await sleep(25);
          }
        },
        { printer: { timedMoves: true, homingSeconds: 0 } },
      );
      const home = names.indexOf('Home');
      const dwell = names.indexOf('Dwelling');
      const z = names.indexOf('ZChange');
      return home >= 0 && z > home && dwell > z && names.lastIndexOf('ZChange') > dwell;
    },
  },
];
