/**
 * Scale figures (issue 31): a farm as a growing farm grows, built directly in the database
 * (1×: 100 printers, 100 members, 10,000 files, 10,000 jobs over a year, 1,000 queued items, 1,000 printed ones not archived and 1,000 archived;
 * 10×: ten times each), then the server's own reads, load-free, in this process: CPU time per
 * call (process.cpuUsage around `inject`, so no client or socket is counted) and the call's
 * p50/p99 wall time, at 1× and 10×, with the ratio.
 *
 * The queue is built so that no free printer may take anything (items assigned without the
 * auto-start, or needing a filament no printer has): the dispatcher tick then shows what a
 * look for work costs when it finds none, which is what a busy farm's tick mostly does. Every
 * printer has a spool loaded (issue 26), so the tick weighs the loaded filament as well.
 *
 * `npm run bench:scale` (SQLite); with DATABASE_URL on PostgreSQL (a fresh schema per farm;
 * the database's own CPU is then in its own process and not counted).
 * `-- --scales 1,10 --min-ms 400 --only print-queue`
 */
import { parseArgs } from 'node:util';
import { createPrintJobsRepository } from '../apps/server/src/modules/print-jobs/print-jobs.repository.js';
import { percentile } from './bench-helpers.js';
import { buildFarm, DAY_MS, type Farm } from './scale-farm.js';

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '1,10' },
    'min-ms': { type: 'string', default: '400' },
    'max-calls': { type: 'string', default: '40' },
    /** only the reads whose name contains one of these texts, comma-separated (`print-queue,files`) */
    only: { type: 'string', default: '' },
  },
});
const SCALES = values.scales.split(',').map(Number);
const MIN_MS = Number(values['min-ms']);
const MAX_CALLS = Number(values['max-calls']);
interface Figure {
  cpuMs: number;
  p50: number;
  p99: number;
  calls: number;
}

/** Calls `run` until MIN_MS passed (at least 3, at most MAX_CALLS times). */
async function measure(run: () => Promise<void>): Promise<Figure> {
  await run(); // warm: prepared statements, JIT
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  while (times.length < 3 || (performance.now() - started < MIN_MS && times.length < MAX_CALLS)) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    cpuMs: (used.user + used.system) / 1000 / times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    calls: times.length,
  };
}

function reads(farm: Farm): Array<[string, () => Promise<void>]> {
  const { t, token, workspaceId: g } = farm;
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * DAY_MS).toISOString().slice(0, 10);
  const get = (url: string) => async () => {
    const response = await t.server.server.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  };
  const dispatcher = t.server.services.printQueue.dispatcher;
  const jobs = createPrintJobsRepository(t.server.database.db);
  return [
    [
      'dispatcher tick',
      async () => {
        await dispatcher.tick();
        await dispatcher.whenIdle();
      },
    ],
    ['GET print-queue (first page)', get(`/api/groups/${g}/print-queue/`)],
    [
      'GET print-queue (page 90 % down)',
      get(`/api/groups/${g}/print-queue/?queue_after=${farm.queueDeepCursor}`),
    ],
    [
      'GET print-queue (printed page 90 % down)',
      get(`/api/groups/${g}/print-queue/?printed_after=${farm.printedDeepCursor}`),
    ],
    [
      'statistics summary (a year)',
      get(`/api/groups/${g}/stats/?date_from=${yearAgo}&date_to=${today}`),
    ],
    [
      'statistics charts (a year)',
      get(`/api/groups/${g}/stats/charts/?date_from=${yearAgo}&date_to=${today}`),
    ],
    [
      'statistics per user (a year)',
      get(`/api/groups/${g}/stats/users/?date_from=${yearAgo}&date_to=${today}`),
    ],
    ['statistics per file (most printed)', get(`/api/groups/${g}/stats/files/`)],
    ['print-jobs first page', get(`/api/groups/${g}/print-jobs/`)],
    ['print-jobs deep page (90 %)', get(`/api/groups/${g}/print-jobs/?cursor=${farm.deepCursor}`)],
    ['listOpenJobs (lost-device sweep)', async () => void (await jobs.listOpenJobs())],
    ['files first page', get(`/api/groups/${g}/files/`)],
    ['files search "gear"', get(`/api/groups/${g}/files/?search=gear`)],
    // a name few files share: what the search index is for (1× 1 file, 10× 11)
    ['files search "part-4242"', get(`/api/groups/${g}/files/?search=part-4242`)],
    ['members first page', get(`/api/groups/${g}/users/`)],
    ['devices-states', get(`/api/groups/${g}/devices-states/`)],
    ['printers', get(`/api/groups/${g}/printers/`)],
  ];
}

const fmt = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main(): Promise<void> {
  const results = new Map<number, Map<string, Figure>>();
  for (const scale of SCALES) {
    const built = performance.now();
    const farm = await buildFarm(scale);
    console.log(`${scale}× farm built in ${((performance.now() - built) / 1000).toFixed(1)} s`);
    const figures = new Map<string, Figure>();
    try {
      const only = values.only.split(',');
      for (const [name, run] of reads(farm).filter(([name]) =>
        only.some((o) => name.includes(o)),
      )) {
        const figure = await measure(run);
        figures.set(name, figure);
        console.log(
          `  ${name}: ${fmt(figure.cpuMs)} ms CPU/call, p50 ${fmt(figure.p50)} ms, p99 ${fmt(figure.p99)} ms (${figure.calls} calls)`,
        );
      }
    } finally {
      await farm.t.close();
    }
    results.set(scale, figures);
  }
  const [low, high] = SCALES;
  if (low === undefined || high === undefined) return;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`\n${database}: CPU ms per call (p99 ms)`);
  console.log(`| read | ${low}× | ${high}× | × |`);
  console.log('|---|---|---|---|');
  for (const [name, a] of results.get(low)!) {
    const b = results.get(high)!.get(name)!;
    console.log(
      `| ${name} | ${fmt(a.cpuMs)} (${fmt(a.p99)}) | ${fmt(b.cpuMs)} (${fmt(b.p99)}) | ${(b.cpuMs / a.cpuMs).toFixed(1)} |`,
    );
  }
}

await main();
