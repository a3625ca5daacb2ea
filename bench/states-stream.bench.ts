/**
 * Printer states to a tab: polling vs the stream (issue 31). N light agents connected, 100 per
 * workspace, one tab per workspace; phases of equal length on one server: agents alone (the
 * baseline), then idle and active fleets each read by polling (every 2 s with the ETag, as the
 * web app's query) and by the stream. Active: every printer reports a shown temperature change
 * every 2 s. Prints per phase the bytes a tab receives per minute and the server's CPU per
 * minute (above the baseline: what the tabs cost). `npm run bench:states-stream -- --devices 1000`
 */
import { parseArgs } from 'node:util';
import type WebSocket from 'ws';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import { cpuMilliseconds, inBatches, startSignedInProduct } from './bench-helpers.js';
import { connectLightAgent, createBenchFleet } from './light-agents.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '30' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const PER_WORKSPACE = 100;
const EVERY_MS = 2000;

function reading(round: number, isActive: boolean): string {
  const base = readyState().temperature;
  const tool0 = base.tool0
    ? { ...base.tool0, actual: (base.tool0.actual ?? 20) + (round % 2) }
    : null;
  return JSON.stringify({
    type: 'state',
    kind: 'patch',
    state: { temperature: isActive ? { ...base, tool0 } : base },
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pollFor(url: string, access: string, workspaces: number[], until: number) {
  const etags = new Map<number, string>();
  let bytes = 0;
  await Promise.all(
    workspaces.map(async (workspaceId, i) => {
      await wait((i / workspaces.length) * EVERY_MS);
      while (Date.now() < until) {
        const started = Date.now();
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
        // the tab's first answer (the whole list) is not counted: the stream's snapshot is not either
        if (etag) bytes += body.byteLength + JSON.stringify([...response.headers]).length;
        if (newEtag) etags.set(workspaceId, newEtag);
        await wait(Math.max(0, EVERY_MS - (Date.now() - started)));
      }
    }),
  );
  return bytes;
}

async function streamFor(url: string, access: string, workspaces: number[], until: number) {
  let bytes = 0;
  await Promise.all(
    workspaces.map(async (workspaceId) => {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), Math.max(0, until - Date.now()));
      try {
        const response = await fetch(`${url}/api/groups/${workspaceId}/devices-states/stream/`, {
          headers: { authorization: `Bearer ${access}` },
          signal: abort.signal,
        });
        let opening = '';
        let isOpened = false;
        for await (const chunk of response.body!) {
          // after the snapshot: what keeps the tab current
          if (isOpened) bytes += (chunk as Uint8Array).byteLength;
          else
            isOpened = (opening += Buffer.from(chunk as Uint8Array).toString()).includes('}]}\n\n');
        }
      } catch {
        // the phase ended
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return bytes;
}

async function main(): Promise<void> {
  const product = await startSignedInProduct({ name: 'states-stream' });
  const { url, access } = product;
  const pid = product.child.pid!;
  const sockets: WebSocket[] = [];
  let isActive = false;
  let round = 0;
  const ticker = setInterval(() => {
    round += 1;
    const message = reading(round, isActive);
    for (const socket of sockets) socket.send(message);
  }, EVERY_MS);
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
    console.log(`${DEVICES} devices, ${workspaces.length} tabs, ${SECONDS} s per phase`);
    await wait(EVERY_MS * 2);
    const perMinute = 60 / SECONDS;
    let baseline = 0;
    const phases: Array<[string, boolean, typeof pollFor | null]> = [
      ['agents alone (baseline)', false, null],
      ['idle, polling', false, pollFor],
      ['idle, stream', false, streamFor],
      ['active, polling', true, pollFor],
      ['active, stream', true, streamFor],
    ];
    for (const [name, active, read] of phases) {
      isActive = active;
      const cpuBefore = cpuMilliseconds(pid);
      const until = Date.now() + SECONDS * 1000;
      const bytes = read
        ? await read(url, access, workspaces, until)
        : (await wait(SECONDS * 1000), 0);
      const cpu = (cpuMilliseconds(pid) - cpuBefore) * perMinute;
      if (!read) baseline = cpu;
      console.log(
        `${name.padEnd(24)} ${((bytes / workspaces.length / 1024) * perMinute).toFixed(2)} KB/min per tab, ` +
          `server CPU ${cpu.toFixed(0)} ms/min (${(cpu - baseline).toFixed(0)} above agents alone)`,
      );
    }
  } finally {
    clearInterval(ticker);
    sockets.forEach((socket) => socket.terminate());
    await product.stop();
  }
}

await main();
