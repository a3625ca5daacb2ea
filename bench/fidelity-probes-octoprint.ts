/** The probes against the virtual OctoPrint (see `fidelity-probes.ts`). */
import { spawn } from 'node:child_process';
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
async function withOctoPrint<T>(
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
  {
    name: 'the events OctoPrint sends and the simulator did not (Upload, ChartMarked, Metadata*, …)',
    run: async () => {
      const names = await octoPrintEvents(async (api, advance) => {
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
        await api('/api/connection', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"command":"disconnect"}',
        });
        await api('/api/connection', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"command":"connect"}',
        });
        advance(2000);
      });
      return [...EXTRA_EVENTS].every((name) => names.includes(name));
    },
  },
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
    name: 'connecting shows Opening serial connection / Detecting serial connection',
    run: async () => {
      const texts = async (savedPort: string | null) =>
        withOctoPrint({ savedPort, autoConnect: false }, async (api, sim) => {
          const seen: string[] = [];
          const read = async () => {
            const body = (await (await api('/api/connection')).json()) as {
              current: { state: string };
            };
            if (seen.at(-1) !== body.current.state) seen.push(body.current.state);
          };
          await api('/api/connection', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"command":"connect"}',
          });
          for (let i = 0; i < 30; i++) {
            await read();
            sim.printer.advance(100);
          }
          return seen;
        });
      const saved = await texts('VIRTUAL');
      const detected = await texts(null);
      return (
        saved[0] === 'Opening serial connection' &&
        detected[0] === 'Detecting serial connection' &&
        detected.includes('Opening serial connection') &&
        saved.at(-1) === 'Operational'
      );
    },
  },
  {
    name: 'the command-line simulator runs without PSU Control (a switch)',
    run: async () => {
      const cli = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'packages/simulator/src/cli/octoprint.ts',
          '--no-psu',
          '--api-key',
          'K',
        ],
        { stdio: ['pipe', 'pipe', 'inherit'] },
      );
      try {
        let output = '';
        cli.stdout.on('data', (data: Buffer) => (output += data.toString()));
        await until(() => /listening on (\S+)/.test(output), 20_000);
        const url = /listening on (\S+)/.exec(output)?.[1];
        const psu = await fetch(`${url}/api/plugin/psucontrol`, { headers: { 'X-Api-Key': 'K' } });
        const settings = (await (
          await fetch(`${url}/api/settings`, { headers: { 'X-Api-Key': 'K' } })
        ).json()) as { plugins: Record<string, unknown> };
        return psu.status === 404 && !('psucontrol' in settings.plugins);
      } finally {
        cli.kill('SIGTERM');
      }
    },
  },
  {
    name: '/api/currentuser, passive login and small shapes as in 1.11.8',
    run: () =>
      withOctoPrint({}, async (api, sim) => {
        const json = async (path: string, init?: RequestInit) =>
          (await (await api(path, init)).json()) as Record<string, unknown>;
        const user = await json('/api/currentuser');
        const login = await json('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"passive":true}',
        });
        const form = new FormData();
        form.append('file', new Blob([GCODE]), 'stats.gcode');
        form.append('print', 'true');
        await api('/api/files/local', { method: 'POST', body: form });
        for (let i = 0; i < 200 && sim.printer.job.status === 'printing'; i++)
          sim.printer.advance(1000);
        const file = await json('/api/files/local/stats.gcode');
        return (
          JSON.stringify(Object.keys(user).sort()) ===
            JSON.stringify(['groups', 'name', 'permissions']) &&
          login._login_mechanism === 'apikey' &&
          typeof login.session === 'string' &&
          'needs' in login &&
          (file.prints as { success?: number } | undefined)?.success === 1 &&
          typeof file.statistics === 'object'
        );
      }),
  },
  {
    name: 'whole temperatures written as floats ("target": 0.0) in /api/printer',
    run: () =>
      withOctoPrint({}, async (api) => {
        const text = await (await api('/api/printer')).text();
        return /"bed":\{"actual":[0-9.]+,"target":0\.0,"offset":0\}/.test(text);
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
