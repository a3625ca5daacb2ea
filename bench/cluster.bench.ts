/**
 * Scale-out figures (issue 16): the same simulated fleet on one instance, then on two instances
 * sharing PostgreSQL and Redis, side by side. Every device pushes a change every 2 s; pollers
 * read devices-states of each 100-printer workspace every 2 s, alternating instances.
 * `npm run bench:cluster -- --devices N [--seconds S]` (N devices per instance; the fleet is 2N).
 * Prints: state p99 device → API (on two instances: device on A, read through B), command
 * round trip p99 (on two: device on A, command through B), Redis commands per second per device.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  callApi,
  createBenchUser,
  findFreePort,
  inBatches,
  percentile,
  signIn,
  startProduct,
  stopProduct,
} from './bench-helpers.js';
import {
  connectLightAgent,
  createBenchFleet,
  patchWith,
  type BenchDevice,
} from './light-agents.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '15' },
  },
});
const PER_INSTANCE = Number(values.devices);
const FLEET = PER_INSTANCE * 2;
const SECONDS = Number(values.seconds);
const PER_WORKSPACE = 100;
/** devices kept out of the steady pushes; they answer commands and carry the marked values */
const PROBES = 20;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

async function redisCommands(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN);
}

interface Figures {
  statesP50: number;
  statesP99: number;
  commandP50: number;
  commandP99: number;
  redisPerDevice: number;
  pollP99: number;
  pollFailures: number;
}

/**
 * One measured run: `agentUrls[i]` is where device i connects; probes (the last PROBES devices)
 * sit on the first URL and are read and commanded through `readUrl`.
 */
async function measure(options: {
  devices: BenchDevice[];
  workspaces: number[];
  access: string;
  agentUrlOf: (index: number) => string;
  readUrl: string;
  pollUrls: string[];
  redis: Redis;
}): Promise<Figures> {
  const { devices, access, readUrl } = options;
  const sockets = await inBatches(FLEET, 200, (i) =>
    connectLightAgent(options.agentUrlOf(i), devices[i]!.key),
  );
  const timers: NodeJS.Timeout[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000)); // snapshots settle everywhere
    sockets
      .slice(0, FLEET - PROBES)
      .forEach((socket, i) =>
        timers.push(
          setTimeout(
            () =>
              timers.push(
                setInterval(() => socket.send(patchWith(200 + Math.random() * 20)), 2000),
              ),
            (i / FLEET) * 2000,
          ),
        ),
      );
    const pollLatencies: number[] = [];
    let pollFailures = 0;
    options.workspaces.forEach((workspaceId, i) =>
      timers.push(
        setTimeout(
          () =>
            timers.push(
              setInterval(async () => {
                const url = options.pollUrls[i % options.pollUrls.length]!;
                const started = performance.now();
                await callApi(
                  url,
                  access,
                  'GET',
                  `/api/groups/${workspaceId}/devices-states/`,
                ).then(
                  () => pollLatencies.push(performance.now() - started),
                  () => (pollFailures += 1), // reported: an overloaded instance drops polls
                );
              }, 2000),
            ),
          (i / options.workspaces.length) * 2000,
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const commandsBefore = await redisCommands(options.redis);
    const measuredFrom = performance.now();
    const stateLatencies: number[] = [];
    const commandLatencies: number[] = [];
    while (performance.now() - measuredFrom < SECONDS * 1000) {
      const index = FLEET - PROBES + Math.floor(Math.random() * PROBES);
      const device = devices[index]!;
      const marker = 100 + Math.round(Math.random() * 1e6) / 1e4;
      let started = performance.now();
      sockets[index]!.send(patchWith(marker));
      for (;;) {
        const states = await callApi(
          readUrl,
          access,
          'GET',
          `/api/groups/${device.workspaceId}/devices-states/`,
        );
        const row = states.find((s: { printer_id: number }) => s.printer_id === device.printerId);
        if (row?.temperature?.tool0?.actual === marker) break;
        if (performance.now() - started > 10_000) throw new Error('state not seen within 10 s');
      }
      stateLatencies.push(performance.now() - started);
      started = performance.now();
      await callApi(readUrl, access, 'POST', `/api/printers/${device.printerId}/home_head/`, {
        axes: ['x'],
      });
      commandLatencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsedS = (performance.now() - measuredFrom) / 1000;
    const redisOps = (await redisCommands(options.redis)) - commandsBefore;
    stateLatencies.sort((x, y) => x - y);
    commandLatencies.sort((x, y) => x - y);
    pollLatencies.sort((x, y) => x - y);
    return {
      statesP50: percentile(stateLatencies, 50),
      statesP99: percentile(stateLatencies, 99),
      commandP50: percentile(commandLatencies, 50),
      commandP99: percentile(commandLatencies, 99),
      redisPerDevice: redisOps / elapsedS / FLEET,
      pollP99: percentile(pollLatencies, 99),
      pollFailures,
    };
  } finally {
    timers.forEach((timer) => clearInterval(timer));
    sockets.forEach((socket) => socket.terminate());
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-cluster-'));
  const schema = `bench_cluster_${randomBytes(4).toString('hex')}`;
  const keyPrefix = `printdeck-bench-${randomBytes(4).toString('hex')}:`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const redis = new Redis(REDIS_URL);
  const base = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL,
    PGOPTIONS: `-c search_path=${schema}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const children: Array<Awaited<ReturnType<typeof startProduct>>['child']> = [];
  try {
    const one = await startProduct({ ...base, PORT: String(await findFreePort()) });
    children.push(one.child);
    createBenchUser(base);
    const access = await signIn(one.url);
    const { workspaces, devices } = await createBenchFleet({
      url: one.url,
      access,
      count: FLEET,
      perWorkspace: PER_WORKSPACE,
    });
    console.log(`fleet: ${FLEET} devices in ${workspaces.length} workspaces; ${SECONDS} s each`);

    const single = await measure({
      devices,
      workspaces,
      access,
      agentUrlOf: () => one.url,
      readUrl: one.url,
      pollUrls: [one.url],
      redis,
    });
    await stopProduct(one.child);

    const shared = { ...base, REDIS_URL, REDIS_KEY_PREFIX: keyPrefix };
    const a = await startProduct({ ...shared, PORT: String(await findFreePort()) });
    children.push(a.child);
    const b = await startProduct({ ...shared, PORT: String(await findFreePort()) });
    children.push(b.child);
    // probes (the last devices) sit on A and are read and commanded through B
    const two = await measure({
      devices,
      workspaces,
      access,
      agentUrlOf: (i) => (i >= FLEET - PROBES || i % 2 === 0 ? a.url : b.url),
      readUrl: b.url,
      pollUrls: [a.url, b.url],
      redis,
    });

    const row = (name: string, format: (f: Figures) => string) =>
      console.log(`| ${name} | ${format(single)} | ${format(two)} |`);
    console.log(`\n| ${FLEET} devices | one instance | two instances (device on A, API on B) |`);
    console.log('|---|---|---|');
    row(
      'state device → API p50 / p99',
      (f) => `${f.statesP50.toFixed(1)} / ${f.statesP99.toFixed(1)} ms`,
    );
    row(
      'command round trip p50 / p99',
      (f) => `${f.commandP50.toFixed(1)} / ${f.commandP99.toFixed(1)} ms`,
    );
    row('devices-states (100 printers) p99', (f) => `${f.pollP99.toFixed(1)} ms`);
    row('devices-states polls that failed', (f) => String(f.pollFailures));
    row('Redis commands per second per device', (f) => f.redisPerDevice.toFixed(3));
  } finally {
    for (const child of children) await stopProduct(child);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
