/**
 * `/metrics` scrape figures (issue 28): `npm run bench:metrics -- [--printers 1000,5000]
 * [--scrapes 20]` starts the server in this process with METRICS_TOKEN, writes the printers
 * straight into the database (spread over 50 workspaces, 5 jobs each), attaches each one's
 * device as connected and printing with temperatures, and prints the scrape time (p50/p95)
 * and the size of the answer. With `--changing` every printer reports new temperatures and
 * progress before each scrape (outside the timing), so no printer's lines can be kept; the
 * devices are then mirrored as held by another instance (as with REDIS_URL), so the changes
 * wake none of this instance's listeners and the scrape is timed alone. Each timed scrape waits
 * out the server's shared answer (metrics-answers.ts), so it measures a render, not a reuse.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { METRICS_ANSWER_MAX_AGE_MS } from '../apps/server/src/observability/metrics-answers.js';
import { rollUpEndedJobs } from '../apps/server/src/modules/stats/job-rollups.js';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import { startTestServer, type TestServer } from '../apps/server/test-support/test-server.js';
import { percentile } from './bench-helpers.js';
import { deviceKeyRow, workspaceRow } from '../apps/server/test-support/rows.js';

const { values } = parseArgs({
  options: {
    printers: { type: 'string', default: '1000,5000' },
    scrapes: { type: 'string', default: '20' },
    changing: { type: 'boolean', default: false },
    /** each fleet is scraped with each: identity leaves gzip and the compress plugin out */
    encodings: { type: 'string', default: 'gzip' },
  },
});
const FLEETS = values.printers.split(',').map(Number);
const SCRAPES = Number(values.scrapes);
const ENCODINGS = values.encodings.split(',');
const WORKSPACES = 50;
const TOKEN = 'bench-metrics-token-0123456789';

function printingState(tick: number) {
  const printing = readyState();
  printing.state.flags = { ...printing.state.flags, printing: true, ready: false };
  printing.temperature = {
    tool0: { actual: 215 + (tick % 3), target: 215 },
    bed: { actual: 60 + (tick % 2), target: 60 },
  };
  printing.job = {
    file_name: 'part.gcode',
    completion: 37.5 + tick / 100,
    print_time: 600,
    print_time_left: 900,
  };
  return printing;
}

const PEER = 'bench-peer-instance';

/** Every printer reports a new state, as agents do between two scrapes (held by the peer). */
function changeEveryPrinter(t: TestServer, deviceKeyIds: number[], tick: number): void {
  const live = t.server.services.devices.live;
  const state = printingState(tick);
  for (const deviceKeyId of deviceKeyIds) {
    const change = { deviceKeyId, instanceId: PEER, driver: 'octoprint' as const };
    live.applyRemote({ kind: 'state', ...change, state: structuredClone(state), updatedAt: tick });
  }
}

async function seed(t: TestServer, printers: number): Promise<number[]> {
  const attached: number[] = [];
  const db = t.server.database.db;
  const live = t.server.services.devices.live;
  const now = new Date().toISOString();
  const workspaces = await db
    .insertInto('workspaces')
    .values(
      Array.from({ length: WORKSPACES }, (_, w) =>
        workspaceRow({ uniqueId: `metrics${printers}-${w}`, name: `Farm ${w}`, createdOn: now }),
      ),
    )
    .returning('id')
    .execute();
  const printing = printingState(0);
  for (let start = 0; start < printers; start += 250) {
    const count = Math.min(250, printers - start);
    const keys = await db
      .insertInto('device_keys')
      .values(
        Array.from({ length: count }, (_, i) =>
          deviceKeyRow({ publicId: `m${printers}-${start + i}`, createdBy: null, createdOn: now }),
        ),
      )
      .returning('id')
      .execute();
    const rows = keys.map((key, i) => ({
      workspace_id: workspaces[(start + i) % WORKSPACES]!.id,
      device_key_id: key.id,
      name: `Printer ${start + i}`,
      note: '',
      enabled: 1,
      device_type: 'octoprint',
      filament_type: null,
      camera_enabled: 0,
      camera_rotation: 0,
      jobox_enabled: 0,
      created_on: now,
      octoprint_api_key: null,
    }));
    const made = await db.insertInto('printers').values(rows).returning('id').execute();
    await db
      .insertInto('print_jobs')
      .values(
        made.flatMap((printer, i) =>
          Array.from({ length: 5 }, (_, j) => ({
            workspace_id: rows[i]!.workspace_id,
            file_id: null,
            file_name: 'part.gcode',
            printer_id: printer.id,
            printer_name: rows[i]!.name,
            device_key_id: rows[i]!.device_key_id,
            user_id: null,
            username: 'bench',
            started_on: now,
            ended_on: now,
            outcome: j % 4 === 0 ? ('failed' as const) : ('done' as const),
            make_video: 0,
            video_state: null,
            filament_used_g: null,
            filament_used_mm: null,
            printing_time_sec: null,
          })),
        ),
      )
      .execute();
    for (const key of keys) {
      if (values.changing) {
        live.applyRemote({
          kind: 'attached',
          deviceKeyId: key.id,
          instanceId: PEER,
          driver: 'octoprint',
        });
      } else {
        live.attach(key.id, { send: () => true, close: () => undefined }, 'octoprint');
        live.applySnapshot(key.id, printing);
      }
      attached.push(key.id);
    }
  }
  return attached;
}

/** The wall time depends on the machine's load; the CPU time (server and client, one process) less. */
async function scrape(
  t: TestServer,
  encoding: string,
): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  // as Prometheus asks: gzip, not brotli
  const response = await fetch(`${t.baseUrl}/metrics`, {
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'accept-encoding': encoding,
    },
  });
  // the bytes, as Prometheus parses them (decoding 2.8 MB into a JS string cost the client ~60 ms)
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}`);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, bytes: body.byteLength };
}

for (const printers of FLEETS) {
  const t = await startTestServer({ env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' } });
  try {
    const attached = await seed(t, printers);
    if (values.changing) changeEveryPrinter(t, attached, 0);
    await rollUpEndedJobs(t.server.database.db);
    for (const encoding of ENCODINGS) {
      await scrape(t, encoding); // warm-up
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let bytes = 0;
      const loads: number[] = [];
      for (let i = 0; i < SCRAPES; i += 1) {
        if (values.changing) changeEveryPrinter(t, attached, i + 1);
        // past the shared answer's age, so each timed scrape renders (and gzips) afresh
        await sleep(METRICS_ANSWER_MAX_AGE_MS + 10);
        const result = await scrape(t, encoding);
        times.push(result.ms);
        cpuTimes.push(result.cpuMs);
        loads.push(os.loadavg()[0]!);
        bytes = result.bytes;
      }
      times.sort((a, b) => a - b);
      cpuTimes.sort((a, b) => a - b);
      // the CPU minimum is the figure least moved by other processes (cache misses, migrations)
      console.log(
        `${printers} printers, ${encoding}: wall p50 ${percentile(times, 50).toFixed(1)} ms, ` +
          `p95 ${percentile(times, 95).toFixed(1)} ms; CPU min ${cpuTimes[0]!.toFixed(1)} ms, ` +
          `p50 ${percentile(cpuTimes, 50).toFixed(1)} ms; ${(bytes / 1024).toFixed(0)} KiB; ` +
          `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} ` +
          `(${SCRAPES} scrapes, SQLite${values.changing ? ', every printer changed before each' : ''})`,
      );
    }
  } finally {
    await t.close();
  }
}
