import { createHash } from 'node:crypto';
/**
 * Device gateway figures (issue 3): N lightweight simulated agents push state every 2 s while
 * pollers read devices-states every 2 s for each 100-printer workspace.
 * `npm run bench:gateway -- --devices N [--seconds S]` prints connect time, state updates per
 * second, device→API state latency (p50/p99), devices-states p99 and server RSS per device.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { readyState } from '../apps/server/src/test/fake-agent.js';
import {
  findFreePort,
  percentile,
  rssMegabytes,
  startProduct,
  stopProduct,
} from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '20' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const PER_WORKSPACE = 100;
/** devices kept out of the steady pushes, so a marked value is not overwritten before it is read */
const PROBES = 20;
const PASSWORD = 'a benchmark passphrase';

async function api(url: string, token: string, method: string, pathName: string, body?: unknown) {
  const response = await fetch(`${url}${pathName}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathName}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function inBatches<T>(
  count: number,
  size: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(size, count - start) }, (_, i) => work(start + i)),
      )),
    );
  }
  return results;
}

function connectAgent(url: string, key: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/device/ws`, {
      headers: {
        authorization: `Bearer ${key}`,
        'x-device-identity': createHash('sha256').update(key).digest('base64url'),
      },
    });
    socket.once('error', reject);
    socket.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'welcome') {
        socket.send(JSON.stringify({ type: 'state', kind: 'snapshot', state: readyState() }));
        resolve(socket);
      }
    });
    socket.once('open', () =>
      socket.send(
        JSON.stringify({
          type: 'hello',
          protocol: 1,
          agent_version: 'bench',
          driver: 'octoprint',
          capabilities: [],
        }),
      ),
    );
  });
}

const patchWith = (actual: number) =>
  JSON.stringify({
    type: 'state',
    kind: 'patch',
    state: { temperature: { tool0: { actual, target: 215 }, bed: { actual: 60, target: 60 } } },
  });

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-gw-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await findFreePort()),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  execFileSync(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'user',
      'create',
      '--email',
      'bench@example.com',
      '--password',
      PASSWORD,
    ],
    { env: { ...process.env, ...env } },
  );
  const { child, url } = await startProduct(env);
  const sockets: WebSocket[] = [];
  try {
    const { access } = (await (
      await fetch(`${url}/api/tokens/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bench@example.com', password: PASSWORD }),
      })
    ).json()) as { access: string };
    const workspaceCount = Math.ceil(DEVICES / PER_WORKSPACE);
    const workspaces = await inBatches(
      workspaceCount,
      10,
      async (i) =>
        (await api(url, access, 'POST', '/api/users/me/groups/', { name: `Farm ${i}` }))
          .id as number,
    );
    const devices = await inBatches(DEVICES, 25, async (i) => {
      const { token } = await api(url, access, 'POST', '/api/device_keys/');
      const printer = await api(url, access, 'POST', '/api/printers/', {
        group: workspaces[Math.floor(i / PER_WORKSPACE)],
        name: `Printer ${i}`,
        token,
      });
      return {
        key: token as string,
        printerId: printer.id as number,
        workspaceId: workspaces[Math.floor(i / PER_WORKSPACE)]!,
      };
    });
    const rssBefore = rssMegabytes(child.pid!);

    const connectStart = performance.now();
    sockets.push(...(await inBatches(DEVICES, 200, (i) => connectAgent(url, devices[i]!.key))));
    const connectMs = performance.now() - connectStart;
    console.log(
      `${DEVICES} devices connected (hello + snapshot) in ${(connectMs / 1000).toFixed(1)} s`,
    );

    // Steady load: every device pushes a change every 2 s, spread over the interval.
    let sent = 0;
    const pushTimers = sockets.slice(0, DEVICES - PROBES).map((socket, i) =>
      setTimeout(
        () => {
          const timer = setInterval(() => {
            socket.send(patchWith(200 + Math.random() * 20));
            sent += 1;
          }, 2000);
          pushTimers.push(timer);
        },
        (i / DEVICES) * 2000,
      ),
    );
    const pollLatencies: number[] = [];
    const pollTimers = workspaces.map((workspaceId, i) =>
      setTimeout(
        () => {
          const timer = setInterval(async () => {
            const started = performance.now();
            await api(url, access, 'GET', `/api/groups/${workspaceId}/devices-states/`);
            pollLatencies.push(performance.now() - started);
          }, 2000);
          pollTimers.push(timer);
        },
        (i / workspaces.length) * 2000,
      ),
    );

    // Device → API latency: a marked value pushed by one device, read back through the API.
    const stateLatencies: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    while (Date.now() < deadline) {
      const index = DEVICES - PROBES + Math.floor(Math.random() * PROBES);
      const marker = 100 + Math.round(Math.random() * 1e6) / 1e4;
      const started = performance.now();
      sockets[index]!.send(patchWith(marker));
      for (;;) {
        const states = await api(
          url,
          access,
          'GET',
          `/api/groups/${devices[index]!.workspaceId}/devices-states/`,
        );
        const row = states.find(
          (s: { printer_id: number }) => s.printer_id === devices[index]!.printerId,
        );
        if (row?.temperature?.tool0?.actual === marker) break;
        if (performance.now() - started > 10_000)
          throw new Error('a pushed state did not reach the API within 10 s');
      }
      stateLatencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rssAfter = rssMegabytes(child.pid!);
    [...pushTimers, ...pollTimers].forEach((timer) => clearInterval(timer));

    stateLatencies.sort((a, b) => a - b);
    pollLatencies.sort((a, b) => a - b);
    console.log(`state updates pushed: ${(sent / SECONDS).toFixed(0)} per second`);
    console.log(
      `state latency device → API (${stateLatencies.length} samples): p50 ${percentile(stateLatencies, 50).toFixed(1)} ms, p99 ${percentile(stateLatencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `devices-states of a ${PER_WORKSPACE}-printer workspace (${pollLatencies.length} polls): p50 ${percentile(pollLatencies, 50).toFixed(1)} ms, p99 ${percentile(pollLatencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MB before the devices, ${rssAfter.toFixed(0)} MB with them: ${(((rssAfter - rssBefore) * 1024) / DEVICES).toFixed(1)} KB per device`,
    );
  } finally {
    sockets.forEach((socket) => socket.terminate());
    await stopProduct(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
