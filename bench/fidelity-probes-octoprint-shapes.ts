/**
 * The probes of the virtual OctoPrint's connection steps, command line and small shapes (see
 * `fidelity-probes.ts`): state texts while connecting, the detection's length, the answers'
 * fields and which numbers OctoPrint 1.11.8 writes as Python floats.
 */
import { spawn } from 'node:child_process';
import { GCODE, until, type Probe } from './fidelity-probes.js';
import { withOctoPrint } from './fidelity-probes-octoprint.js';

type Api = (path: string, init?: RequestInit) => Promise<Response>;

const connect = (api: Api, body = '{"command":"connect"}') =>
  api('/api/connection', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

/** The state texts of `/api/connection` from a connect, read every 100 ms for `ms`. */
async function connectionTexts(savedPort: string | null, ms: number): Promise<string[]> {
  return withOctoPrint({ savedPort, autoConnect: false }, async (api, sim) => {
    const seen: string[] = [];
    let last = '';
    await connect(api, savedPort === null ? '{"command":"connect","baudrate":0}' : undefined);
    for (let elapsed = 0; elapsed <= ms; elapsed += 100) {
      const body = (await (await api('/api/connection')).json()) as { current: { state: string } };
      if (last !== body.current.state) seen.push(`${body.current.state}@${elapsed}`);
      last = body.current.state;
      sim.printer.advance(100);
    }
    return seen;
  });
}

/** `/api/job` as text while a print runs and once it is done. */
async function jobTexts(): Promise<{ running: string; done: string; file: string }> {
  return withOctoPrint({}, async (api, sim) => {
    const form = new FormData();
    form.append('file', new Blob([`;Filament used: 1.2m\n${GCODE}`]), 'floats.gcode');
    form.append('print', 'true');
    await api('/api/files/local', { method: 'POST', body: form });
    sim.printer.advance(3000);
    const running = await (await api('/api/job')).text();
    for (let i = 0; i < 200 && sim.printer.job.status === 'printing'; i++)
      sim.printer.advance(1000);
    return {
      running,
      done: await (await api('/api/job')).text(),
      file: await (await api('/api/files/local/floats.gcode')).text(),
    };
  });
}

let jobs: ReturnType<typeof jobTexts> | null = null;
const sharedJobTexts = () => (jobs ??= jobTexts());

export const OCTOPRINT_SHAPE_PROBES: Probe[] = [
  {
    name: 'connecting to a saved port shows Opening serial connection, then Connecting',
    run: async () => {
      const texts = (await connectionTexts('VIRTUAL', 3000)).map((t) => t.split('@')[0]);
      return (
        JSON.stringify(texts) ===
        JSON.stringify(['Opening serial connection', 'Connecting', 'Operational'])
      );
    },
  },
  {
    name: 'Detecting serial connection without a saved port, 3 hellos × 2 s per silent port/baudrate',
    run: async () => {
      // /dev/ttyACM0 stays silent at 115200 and 250000 (two ports: two baudrates), then
      // VIRTUAL answers: Operational after 12 s and the printer's answer, never Opening
      const texts = await connectionTexts(null, 14_000);
      const operational = texts.find((t) => t.startsWith('Operational@'));
      const at = Number(operational?.split('@')[1]);
      return texts[0] === 'Detecting serial connection@0' && at >= 12_000 && texts.length === 2;
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
    name: '/api/currentuser answers name, permissions and groups only',
    run: () =>
      withOctoPrint({}, async (api) => {
        const user = (await (await api('/api/currentuser')).json()) as Record<string, unknown>;
        return (
          JSON.stringify(Object.keys(user).sort()) ===
          JSON.stringify(['groups', 'name', 'permissions'])
        );
      }),
  },
  {
    name: 'the passive login answers the whole user record (_login_mechanism apikey, session, needs)',
    run: () =>
      withOctoPrint({}, async (api) => {
        const login = (await (
          await api('/api/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"passive":true}',
          })
        ).json()) as Record<string, unknown>;
        return (
          login._login_mechanism === 'apikey' &&
          typeof login.session === 'string' &&
          'needs' in login &&
          'roles' in login
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
    name: 'a printed file has prints and statistics (history: last date and print time as floats)',
    run: async () => {
      const { file } = await sharedJobTexts();
      return (
        /"prints":\{"success":1,"failure":0,"last":\{"date":\d+\.\d+,"success":true,"printTime":\d+\.\d+\}\}/.test(
          file,
        ) && /"statistics":\{"averagePrintTime":\{"_default":\d+\.\d+\}/.test(file)
      );
    },
  },
  {
    name: 'completion a float while printing, 100 an int once done; print times ints',
    run: async () => {
      const { running, done } = await sharedJobTexts();
      return (
        /"completion":\d+\.\d+,"filepos":\d+,"printTime":\d+,/.test(running) &&
        /"completion":100,/.test(done) &&
        /"printTimeLeft":0,/.test(done)
      );
    },
  },
  {
    name: 'analysis figures as floats (estimatedPrintTime, filament length and volume)',
    run: async () => {
      const { running } = await sharedJobTexts();
      return (
        /"estimatedPrintTime":60\.0/.test(running) &&
        /"filament":\{"tool0":\{"length":1200\.0,"volume":\d+\.\d+\}\}/.test(running)
      );
    },
  },
];
