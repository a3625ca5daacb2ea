/**
 * An idle fleet's devices-states polls (issue 31): N light agents connected and idle, each
 * sending what an idle agent sends every 2 s (a ping and its unchanged reading), while each
 * 100-printer workspace is polled every 2 s with the ETag of its last answer, as the web app's
 * query does. Prints the share of polls answered 304 and the bytes per minute per tab.
 * `npm run bench:idle-fleet -- --devices 1000 --seconds 60`
 */
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import { inBatches, startSignedInProduct } from './bench-helpers.js';
import { connectLightAgent, createBenchFleet } from './light-agents.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const PER_WORKSPACE = 100;
const EVERY_MS = 2000;

/** The same reading an idle printer reports again: nothing a person sees changes. */
const unchangedReading = JSON.stringify({
  type: 'state',
  kind: 'patch',
  state: { temperature: readyState().temperature },
});

async function main(): Promise<void> {
  const product = await startSignedInProduct({ name: 'idle' });
  const { url, access } = product;
  const sockets: WebSocket[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    const { workspaces, devices } = await createBenchFleet({
      url,
      access,
      count: DEVICES,
      perWorkspace: PER_WORKSPACE,
    });
    sockets.push(
      ...(await inBatches(DEVICES, 200, (i) => connectLightAgent(url, devices[i]!.key))),
    );
    console.log(`${DEVICES} idle devices connected`);
    sockets.forEach((socket, i) =>
      timers.push(
        setTimeout(
          () =>
            timers.push(
              setInterval(() => {
                socket.send(JSON.stringify({ type: 'ping', at: Date.now() }));
                socket.send(unchangedReading);
              }, EVERY_MS),
            ),
          (i / DEVICES) * EVERY_MS,
        ),
      ),
    );
    // the first answer of each workspace gives the tab its ETag; counting starts after it
    const etags = new Map<number, string>();
    const counts = { ok: 0, notModified: 0, bytes: 0 };
    const poll = async (workspaceId: number, isCounted: boolean) => {
      const etag = etags.get(workspaceId);
      const response = await fetch(`${url}/api/groups/${workspaceId}/devices-states/`, {
        headers: {
          authorization: `Bearer ${access}`,
          'accept-encoding': 'br, gzip',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      });
      const body = await response.arrayBuffer();
      const newEtag = response.headers.get('etag');
      if (newEtag) etags.set(workspaceId, newEtag);
      if (!isCounted) return;
      if (response.status === 304) counts.notModified += 1;
      else counts.ok += 1;
      // what the tab receives: headers and the (compressed) body
      counts.bytes += body.byteLength + JSON.stringify([...response.headers]).length;
    };
    await Promise.all(workspaces.map((workspaceId) => poll(workspaceId, false)));
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      workspaces.map(async (workspaceId, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i / workspaces.length) * EVERY_MS));
        while (Date.now() < deadline) {
          const started = Date.now();
          await poll(workspaceId, true);
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, EVERY_MS - (Date.now() - started))),
          );
        }
      }),
    );
    const polls = counts.ok + counts.notModified;
    const perTabPerMinute = (counts.bytes / workspaces.length) * (60 / SECONDS);
    console.log(
      `devices-states polls of ${workspaces.length} tabs over ${SECONDS} s: ${polls}, ` +
        `${counts.notModified} answered 304 (${((100 * counts.notModified) / polls).toFixed(1)} %), ` +
        `${(perTabPerMinute / 1024).toFixed(1)} KB per minute per tab`,
    );
  } finally {
    timers.forEach((timer) => clearInterval(timer));
    sockets.forEach((socket) => socket.terminate());
    await product.stop();
  }
}

await main();
