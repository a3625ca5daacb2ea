/**
 * Issue 28's "upload 200 MB and start it on 20 printers" with the files on the local disk and
 * on S3, the server's side of it: the built server (its own process) takes one upload, then the
 * file is started on `--agents` printers at once through the API (`POST /api/printers/:id/files/`),
 * each printer a light agent on the device socket that takes the `print_file` command as an
 * agent does: it downloads from the store's presigned link when the command has one
 * (`direct_url`, S3), else from the server's signed link, reading and dropping the bytes as an
 * agent streams them to its printer. Each agent answers the start at once and downloads after,
 * so the figure is from the starts to the last byte at the last printer, whatever the start's
 * own timeout. s3rver runs in a process of its own, so the server's, the store's and the
 * clients' CPU are counted apart; the server's peak RSS during the downloads says whether it
 * streams (20 × 200 MB held would be 4 GB). `s3-server` is S3 with `S3_AGENT_DOWNLOADS=server`
 * (every byte through the server, as before issue 28's presigned links). The whole print start,
 * printers and agents included, is `bench:print-start -- --storage disk,s3` (its fleet shares
 * one process, so it is run with smaller files).
 * `npm run bench:storage-fanout -- --megabytes 200 --agents 20 [--storage disk,s3,s3-server]`
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { readyState } from '../apps/server/test-support/fake-agent.js';
import {
  callApi,
  cpuMilliseconds,
  fetchJson,
  peakRssMegabytes,
  resetPeakRss,
  rssMegabytes,
  startS3ServerProcess,
  startSignedInProduct,
  type SignedInProduct,
} from './bench-helpers.js';
import { createBenchFleet } from './light-agents.js';

const { values } = parseArgs({
  options: {
    megabytes: { type: 'string', default: '200' },
    agents: { type: 'string', default: '20' },
    storage: { type: 'string', default: 'disk,s3' },
  },
});
const MiB = 1024 * 1024;
const MEGABYTES = Number(values.megabytes);
const AGENTS = Number(values.agents);

function buildGcode(megabytes: number): Buffer {
  const line = 'G1 X100.123 Y100.456 E1.23456 F1800 ; a move of the benchmark\n';
  const header = ';FLAVOR:Marlin\n;TIME:3600\nG28\n';
  // whole lines up to the size: 200 MiB is the upload limit itself
  return Buffer.from(
    header + line.repeat(Math.floor((megabytes * MiB - header.length) / line.length)),
  );
}

/** Reads the answer to its end and drops it; the bytes counted. */
async function download(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

interface PrintFileCommand {
  name: 'print_file';
  url: string;
  direct_url?: string;
  file_name: string;
}

/**
 * A printer's agent on the device socket: ready, and a `print_file` answered as started at
 * once, its download (store link first, as the agent) handed to `onDownload`.
 */
function connectDownloadingAgent(
  url: string,
  key: string,
  onDownload: (download: Promise<{ bytes: number; from: 'store' | 'server' }>) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/api/device/ws`, {
      headers: {
        authorization: `Bearer ${key}`,
        'x-device-identity': createHash('sha256').update(key).digest('base64url'),
      },
    });
    socket.once('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'welcome') {
        socket.send(JSON.stringify({ type: 'state', kind: 'snapshot', state: readyState() }));
        resolve(socket);
      } else if (message.type === 'request') {
        const command = message.command as PrintFileCommand;
        const result =
          command.name === 'print_file' ? { path: command.file_name, started: true } : null;
        socket.send(JSON.stringify({ type: 'response', id: message.id, ok: true, result }));
        if (command.name !== 'print_file') return;
        const from = command.direct_url ? 'store' : 'server';
        const link = command.direct_url ?? new URL(command.url, url).toString();
        onDownload(download(link).then((bytes) => ({ bytes, from })));
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

/** Until every printer of the workspace reads READY_TO_PRINT. */
async function waitUntilReady(product: SignedInProduct, workspace: number, count: number) {
  for (;;) {
    const states = (await callApi(
      product.url,
      product.access,
      'GET',
      `/api/groups/${workspace}/devices-states/`,
    )) as Array<{ printer_state: string }>;
    if (states.filter((state) => state.printer_state === 'READY_TO_PRINT').length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function measure(storage: string, gcode: Buffer): Promise<void> {
  const s3 = storage.startsWith('s3') ? await startS3ServerProcess() : null;
  const env = {
    ...s3?.env,
    ...(storage === 's3-server' ? { S3_AGENT_DOWNLOADS: 'server' } : {}),
  };
  const product = await startSignedInProduct({ name: 'fanout', env }).catch(
    async (error: unknown) => {
      await s3?.stop();
      throw error;
    },
  );
  const pid = product.child.pid!;
  const storeCpu = () => (s3 ? cpuMilliseconds(s3.pid) : 0);
  try {
    const downloads: Array<Promise<{ bytes: number; from: 'store' | 'server' }>> = [];
    const { devices } = await createBenchFleet({
      url: product.url,
      access: product.access,
      count: AGENTS,
      perWorkspace: AGENTS,
    });
    const sockets = await Promise.all(
      devices.map((device) =>
        connectDownloadingAgent(product.url, device.key, (next) => downloads.push(next)),
      ),
    );
    const workspace = devices[0]!.workspaceId;
    await waitUntilReady(product, workspace, AGENTS);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(gcode)]), 'big-plate.gcode');
    let serverCpu = cpuMilliseconds(pid);
    let store = storeCpu();
    let client = process.cpuUsage();
    let started = performance.now();
    const file = await fetchJson(product.url, `/api/groups/${workspace}/files/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${product.access}` },
      body: form,
    });
    let used = process.cpuUsage(client);
    console.log(
      `[${storage}] upload ${MEGABYTES} MB: ${seconds(performance.now() - started)} s wall; CPU server ${seconds(cpuMilliseconds(pid) - serverCpu)} s, store ${s3 ? seconds(storeCpu() - store) : '-'} s, client ${seconds((used.user + used.system) / 1000)} s; load ${os.loadavg()[0]!.toFixed(1)}`,
    );

    const rssBefore = rssMegabytes(pid);
    resetPeakRss(pid);
    serverCpu = cpuMilliseconds(pid);
    store = storeCpu();
    client = process.cpuUsage();
    started = performance.now();
    await Promise.all(
      devices.map((device) =>
        callApi(product.url, product.access, 'POST', `/api/printers/${device.printerId}/files/`, {
          file_id: file.id,
          print: true,
          make_video: false,
        }),
      ),
    );
    const startedMs = performance.now() - started;
    const received = await Promise.all(downloads);
    const wallMs = performance.now() - started;
    used = process.cpuUsage(client);
    for (const socket of sockets) socket.close();
    if (received.length !== AGENTS || received.some(({ bytes }) => bytes !== gcode.length)) {
      throw new Error(
        `a download was short: ${received.map(({ bytes }) => bytes).join(', ')} of ${gcode.length}`,
      );
    }
    const from = [...new Set(received.map((one) => one.from))].join(', ');
    console.log(
      `[${storage}] started on ${AGENTS} printers (all 201 in ${seconds(startedMs)} s), each downloads it from the ${from}: ${seconds(wallMs)} s wall to the last byte (${((AGENTS * gcode.length) / MiB / (wallMs / 1000)).toFixed(0)} MB/s in all); CPU server ${seconds(cpuMilliseconds(pid) - serverCpu)} s, store ${s3 ? seconds(storeCpu() - store) : '-'} s, clients ${seconds((used.user + used.system) / 1000)} s; server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRssMegabytes(pid).toFixed(0)} MB; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await product.stop();
    await s3?.stop();
  }
}

const gcode = buildGcode(MEGABYTES);
for (const storage of values.storage.split(',')) await measure(storage, gcode);
