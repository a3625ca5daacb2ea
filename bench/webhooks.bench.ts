/**
 * Webhook delivery figures (issue 28): deliveries per second to fast local receivers, alone and
 * with one target that answers only after 10 s among them (goal: the slow one slows no other
 * delivery). `npm run bench:webhooks -- [--events 100] [--fast 10] [--slow-ms 10000]` prints, for
 * each run, the fast deliveries' throughput and their latency from the job's end to the
 * receiver (p50/p99), and when the slow target's deliveries arrived. Bounded: each run stops at
 * 120 s. The server runs in this process (SQLite), the receivers beside it on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildUser, buildWorkspace } from '../apps/server/test-support/factories.js';
import { insertRunningJob } from '../apps/server/test-support/running-jobs.js';
import { startTestServer, type TestServer } from '../apps/server/test-support/test-server.js';
import { percentile } from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100' },
    fast: { type: 'string', default: '10' },
    'slow-ms': { type: 'string', default: '10000' },
  },
});
const EVENTS = Number(values.events);
const FAST = Number(values.fast);
const SLOW_MS = Number(values['slow-ms']);
const DEADLINE_MS = 120_000;

async function startReceivers() {
  const arrivals: Array<{ path: string; jobId: number; at: number }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { data: { job_id: number } };
      const isSlow = request.url === '/slow';
      const answer = () => {
        arrivals.push({ path: request.url ?? '', jobId: body.data.job_id, at: performance.now() });
        response.writeHead(200).end('ok');
      };
      if (isSlow) setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function run(withSlow: boolean) {
  const receivers = await startReceivers();
  const t: TestServer = await startTestServer({
    env: { OUTGOING_ALLOWED_NETWORKS: '127.0.0.1/32' },
    webhookOptions: { timeoutMs: SLOW_MS + 5000 },
    jobOptions: { pollMs: 50 },
  });
  try {
    const owner = await buildUser(t);
    const workspaceId = await buildWorkspace(t, owner);
    const paths = [
      ...Array.from({ length: FAST }, (_, i) => `/fast${i}`),
      ...(withSlow ? ['/slow'] : []),
    ];
    for (const path of paths) {
      const response = await t.api(`/api/groups/${workspaceId}/webhooks/`, {
        method: 'POST',
        token: owner.access,
        body: { url: `${receivers.base}${path}`, events: ['job.finished'] },
      });
      if (response.status !== 201) throw new Error(response.text);
    }
    const jobIds: number[] = [];
    for (let i = 0; i < EVENTS; i += 1) {
      jobIds.push(
        await insertRunningJob(t, { workspaceId, user: owner }, { file_name: `part${i}.gcode` }),
      );
    }
    const endedAt = new Map<number, number>();
    const started = performance.now();
    for (const id of jobIds) {
      endedAt.set(id, performance.now());
      await t.server.services.printJobs.endJob(id, 'done');
    }
    const committed = performance.now() - started;
    const fastTotal = EVENTS * FAST;
    const deadline = started + DEADLINE_MS;
    const fastArrivals = () => receivers.arrivals.filter((a) => a.path.startsWith('/fast'));
    while (fastArrivals().length < fastTotal && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const fast = fastArrivals();
    const lastFast = Math.max(...fast.map((a) => a.at)) - started;
    const latencies = fast.map((a) => (a.at - endedAt.get(a.jobId)!) / 1000).sort((a, b) => a - b);
    const slow = receivers.arrivals.filter((a) => a.path === '/slow');
    console.log(
      [
        `${withSlow ? `with one ${SLOW_MS / 1000} s target` : 'fast targets only'}:`,
        `  events committed in ${(committed / 1000).toFixed(2)} s`,
        `  fast deliveries: ${fast.length} of ${fastTotal} in ${(lastFast / 1000).toFixed(2)} s` +
          ` = ${(fast.length / (lastFast / 1000)).toFixed(0)}/s`,
        `  fast latency (job end → receiver): p50 ${percentile(latencies, 50).toFixed(3)} s,` +
          ` p99 ${percentile(latencies, 99).toFixed(3)} s, max ${latencies.at(-1)!.toFixed(3)} s`,
        ...(withSlow
          ? [`  slow deliveries answered by the end of the fast ones: ${slow.length} of ${EVENTS}`]
          : []),
      ].join('\n'),
    );
  } finally {
    await t.close();
    await receivers.close();
  }
}

console.log(
  `webhooks: ${EVENTS} job.finished events × ${FAST} fast targets; load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
await run(false);
await run(true);
process.exit(0);
