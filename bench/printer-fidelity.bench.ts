/**
 * Printer fidelity figures (issue 10), against the simulators as they now behave like the real
 * OctoPrint and Klipper:
 *  1. state changes per hour of an OctoPrint that stays connected to the agent but not to its
 *     printer (its push socket is silent); goal 0 after the first;
 *  2. seconds from revoking the agent's OctoPrint key to OCTOPRINT_PERMISSION_DENIED in the API;
 *     goal < 10 s;
 *  3. print jobs left `printing` after a scripted run of emergency stops, Klippy crashes and host
 *     restarts mid-print on both simulators, with the real server and agents; goal 0;
 *  4. per simulator, how many of issue 30's listed real behaviours it reproduces (probes in
 *     `bench/fidelity-probes*.ts`).
 * `npm run bench:printer-fidelity -- --window 40 --trials 5 --cycles 2`
 */
import { parseArgs } from 'node:util';
import type { DeviceState } from '@printdeck/shared';
import {
  startVirtualMoonraker,
  startVirtualOctoPrint,
  type VirtualMoonraker,
  type VirtualOctoPrint,
} from '@printdeck/simulator';
import { countReproduced } from './fidelity-probes.js';
import { MOONRAKER_PROBES } from './fidelity-probes-moonraker.js';
import { OCTOPRINT_PROBES } from './fidelity-probes-octoprint.js';
import { OCTOPRINT_SHAPE_PROBES } from './fidelity-probes-octoprint-shapes.js';
import { startAgent, type Agent } from '../packages/agent-core/src/agent.js';
import { createIdentity } from '../packages/agent-core/src/connection/identity.js';
import { createDriver } from '../packages/agent-core/src/drivers/create-driver.js';
import { silentLogger } from '../packages/agent-core/src/log.js';
import { START_GRACE_S } from '../apps/server/src/modules/print-jobs/print-job-reconcile.js';
import { buildUser, buildWorkspace } from '../apps/server/test-support/factories.js';
import { TestClock } from '../apps/server/test-support/test-clock.js';
import { startTestServer, type TestServer } from '../apps/server/test-support/test-server.js';

const { values } = parseArgs({
  options: {
    window: { type: 'string', default: '40' },
    trials: { type: 'string', default: '5' },
    cycles: { type: 'string', default: '2' },
  },
});
const WINDOW_S = Number(values.window);
const TRIALS = Number(values.trials);
const CYCLES = Number(values.cycles);
const FAST = { initialMs: 100, maxMs: 1000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

/** 1. A closed OctoPrint, followed with the agent's default timings, for WINDOW_S seconds. */
async function measureClosedOctoPrint(): Promise<void> {
  const sim = await startVirtualOctoPrint({ speed: 1 });
  const driver = createDriver(
    { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey },
    {
      log: silentLogger,
      localIpAddress: null,
      tuning: { backoff: FAST, requestMs: 10_000, staleMs: 10_000, klippyPollMs: 2000 },
    },
  );
  const changes: string[] = [];
  driver.onState((state: DeviceState) => changes.push(state.state.text));
  driver.start();
  try {
    await until(
      'Operational',
      () => driver.getState().state.text,
      (t) => t === 'Operational',
    );
    sim.faults.closePrinterConnection();
    await until(
      'Offline',
      () => driver.getState().state.text,
      (t) => t === 'Offline',
    );
    const first = changes.length;
    await sleep(WINDOW_S * 1000);
    const count = changes.length - first;
    const perHour = Math.round((count * 3600) / WINDOW_S);
    console.log(
      `closed OctoPrint: ${count} state changes in ${WINDOW_S} s after the first → ${perHour} per hour (goal 0)`,
    );
  } finally {
    await driver.stop();
    await sim.close();
  }
}

interface Product {
  t: TestServer;
  clock: TestClock;
  user: { email: string; password: string };
  token: string;
  workspace: number;
  fileId: number;
}

async function startProductInProcess(): Promise<Product> {
  const clock = new TestClock();
  const t = await startTestServer({ clock });
  const user = await buildUser(t);
  const workspace = await buildWorkspace(t, user);
  const gcode = Buffer.from(
    ';FLAVOR:Marlin\n;TIME:600\n;Filament used: 1.2m\nG28\n' +
      'G1 X10 Y10 E0.1 F1800\n'.repeat(400),
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(gcode)]), 'fidelity.gcode');
  const upload = await fetch(`${t.baseUrl}/api/groups/${workspace}/files/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.access}` },
    body: form,
  });
  const fileId = ((await upload.json()) as { id: number }).id;
  return { t, clock, user, token: user.access, workspace, fileId };
}

/** A new access token: the moved server clock expires the old one. */
async function signIn(p: Product): Promise<string> {
  const login = await p.t.api('/api/tokens/', {
    method: 'POST',
    body: { username: p.user.email, password: p.user.password },
  });
  return login.body.access as string;
}

async function addPrinter(p: Product, name: string): Promise<{ id: number; key: string }> {
  const key = (await p.t.api('/api/device_keys/', { method: 'POST', token: p.token })).body.token;
  const id = (
    await p.t.api('/api/printers/', {
      method: 'POST',
      token: p.token,
      body: { group: p.workspace, name, token: key },
    })
  ).body.id as number;
  return { id, key };
}

async function printerState(p: Product, id: number): Promise<string> {
  const states = await p.t.api(`/api/groups/${p.workspace}/devices-states/`, { token: p.token });
  const row = (states.body as Array<{ printer_id: number; printer_state: string }>).find(
    (s) => s.printer_id === id,
  );
  return row?.printer_state ?? 'none';
}

function runAgent(
  p: Product,
  key: string,
  host: Parameters<typeof startAgent>[0]['printer'],
): Agent {
  return startAgent({
    serverUrl: p.t.baseUrl,
    deviceKey: key,
    identity: createIdentity(),
    printer: host,
    localIpAddress: null,
    tuning: { printerBackoff: FAST, serverBackoff: FAST },
  });
}

/** 2. Revoke the key of a running agent; time until the API says permission denied. */
async function measureRevokedKey(p: Product): Promise<void> {
  const sim = await startVirtualOctoPrint({ speed: 1 });
  const { id, key } = await addPrinter(p, 'Revoked');
  const agent = runAgent(p, key, { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey });
  const seconds: number[] = [];
  try {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      await until(
        'ready',
        () => printerState(p, id),
        (s) => s === 'READY_TO_PRINT',
      );
      await sleep(500 + Math.random() * 3000); // anywhere in the agent's check interval
      const started = performance.now();
      sim.faults.revokeApiKey();
      await until(
        'denied',
        () => printerState(p, id),
        (s) => s === 'OCTOPRINT_PERMISSION_DENIED',
      );
      seconds.push((performance.now() - started) / 1000);
      sim.faults.setApiKey(sim.apiKey);
    }
  } finally {
    await agent.stop();
    await sim.close();
  }
  seconds.sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)]!;
  console.log(
    `revoked OctoPrint key → OCTOPRINT_PERMISSION_DENIED (${TRIALS} trials): median ${median.toFixed(1)} s, max ${seconds.at(-1)!.toFixed(1)} s (goal < 10 s)`,
  );
}

type Scenario = {
  name: string;
  kind: 'octoprint' | 'moonraker';
  fault: (sim: VirtualOctoPrint & VirtualMoonraker) => Promise<void>;
};

const post = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body ?? {}),
  });

const SCENARIOS: Scenario[] = [
  {
    name: 'OctoPrint emergency stop (M112)',
    kind: 'octoprint',
    fault: async (sim) => {
      await post(
        `${sim.url}/api/printer/command`,
        { command: 'M112' },
        { 'x-api-key': sim.apiKey },
      );
      await sleep(1500);
      await post(`${sim.url}/api/connection`, { command: 'connect' }, { 'x-api-key': sim.apiKey });
    },
  },
  {
    name: 'OctoPrint host restart (print lost, agent blind meanwhile)',
    kind: 'octoprint',
    fault: async (sim) => {
      sim.faults.setLinkDown(true);
      sim.faults.closePrinterConnection();
      await sleep(1500);
      sim.faults.setLinkDown(false);
      await post(`${sim.url}/api/connection`, { command: 'connect' }, { 'x-api-key': sim.apiKey });
    },
  },
  {
    name: 'Klipper emergency stop',
    kind: 'moonraker',
    fault: async (sim) => {
      await post(`${sim.url}/printer/emergency_stop`);
      await sleep(1000);
      await post(`${sim.url}/printer/firmware_restart`);
    },
  },
  {
    name: 'Klippy crash',
    kind: 'moonraker',
    fault: async (sim) => {
      sim.faults.klippyDisconnect();
      await sleep(1500);
      sim.faults.klippyStart();
    },
  },
  {
    name: 'Moonraker host restart (Klippy keeps printing)',
    kind: 'moonraker',
    fault: async (sim) => {
      sim.faults.setLinkDown(true);
      await sleep(1500);
      sim.faults.setLinkDown(false);
    },
  },
];

/** 3. Faults mid-print on both simulators; then count the jobs still printing. */
async function measureStuckJobs(p: Product): Promise<void> {
  let jobs = 0;
  for (const scenario of SCENARIOS) {
    const sim = (
      scenario.kind === 'octoprint'
        ? await startVirtualOctoPrint({ speed: 20 })
        : await startVirtualMoonraker({ speed: 20 })
    ) as VirtualOctoPrint & VirtualMoonraker;
    const { id, key } = await addPrinter(p, scenario.name);
    const host =
      scenario.kind === 'octoprint'
        ? ({ kind: 'octoprint', url: sim.url, apiKey: sim.apiKey } as const)
        : ({ kind: 'moonraker', url: sim.url } as const);
    const agent = runAgent(p, key, host);
    try {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        await until(
          'ready',
          () => printerState(p, id),
          (s) => s === 'READY_TO_PRINT',
          60_000,
        );
        const started = await p.t.api(`/api/printers/${id}/files/`, {
          method: 'POST',
          token: p.token,
          body: { file_id: p.fileId, print: true, make_video: false },
        });
        if (started.status !== 201)
          throw new Error(`print start: ${started.status} ${started.text}`);
        jobs += 1;
        await until(
          'printing',
          () => printerState(p, id),
          (s) => s === 'PRINTING',
        );
        await sleep(1000);
        await scenario.fault(sim);
      }
      await until(
        'ready',
        () => printerState(p, id),
        (s) => s === 'READY_TO_PRINT',
        60_000,
      );
      // time passes on the server's clock while the printer stays connected: the grace a start
      // gets before the state that shows it, then the periodic sweep reconciles once more
      p.clock.advance(START_GRACE_S + 1);
      await p.t.server.services.printJobs.sweepLostJobs();
      p.token = await signIn(p);
    } finally {
      await agent.stop();
      await sim.close();
    }
  }
  const rows = await p.t.server.database.db
    .selectFrom('print_jobs')
    .select(['outcome', 'ended_on', 'started_on_printer', 'printer_name', 'end_reason'])
    .execute();
  if (process.env.BENCH_DEBUG) console.table(rows);
  const open = rows.filter((row) => row.ended_on === null).length;
  const outcomes = rows.reduce<Record<string, number>>((all, row) => {
    all[row.outcome] = (all[row.outcome] ?? 0) + 1;
    return all;
  }, {});
  console.log(
    `faults mid-print: ${jobs} jobs through Printdeck over ${SCENARIOS.length} scenarios × ${CYCLES}; ` +
      `${open} left printing (goal 0); outcomes ${JSON.stringify(outcomes)}`,
  );
}

/** 4. How many of issue 30's listed behaviours each simulator reproduces. */
async function countListedBehaviours(): Promise<void> {
  for (const [name, probes] of [
    ['virtual OctoPrint', [...OCTOPRINT_PROBES, ...OCTOPRINT_SHAPE_PROBES]],
    ['virtual Moonraker', MOONRAKER_PROBES],
  ] as const) {
    const { reproduced, results } = await countReproduced(probes);
    console.log(
      `${name}: reproduces ${reproduced} of ${probes.length} listed behaviours (issue 30)`,
    );
    for (const { name: behaviour, isReproduced } of results)
      console.log(`  ${isReproduced ? 'yes' : 'NOT YET'}: ${behaviour}`);
  }
}

async function main(): Promise<void> {
  await countListedBehaviours();
  await measureClosedOctoPrint();
  const product = await startProductInProcess();
  try {
    await measureRevokedKey(product);
    await measureStuckJobs(product);
  } finally {
    await product.t.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
