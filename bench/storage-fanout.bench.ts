/**
 * Issue 28's "upload 200 MB and start it on 20 printers" with the files on the local disk and
 * on S3, the server's side of it: the built server (its own process) takes one upload, then
 * `--agents` clients fetch the file at once by the signed link a print start gives an agent
 * (`/api/files/:id/content/?token=…`), reading and dropping the bytes as an agent streams them
 * to its printer. s3rver runs in a process of its own, so the server's, the store's and the
 * clients' CPU are counted apart; the server's peak RSS during the downloads says whether it
 * streams (20 × 200 MB held would be 4 GB). The whole print start, printers and agents
 * included, is `bench:print-start -- --storage disk,s3` (its fleet shares one process, so it
 * is run with smaller files).
 * `npm run bench:storage-fanout -- --megabytes 200 --agents 20 [--storage disk,s3]`
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  callApi,
  cpuMilliseconds,
  createWorkspace,
  fetchJson,
  peakRssMegabytes,
  resetPeakRss,
  rssMegabytes,
  startS3ServerProcess,
  startSignedInProduct,
} from './bench-helpers.js';

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

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function measure(storage: string, gcode: Buffer): Promise<void> {
  const s3 = storage === 's3' ? await startS3ServerProcess() : null;
  const product = await startSignedInProduct({ name: 'fanout', env: s3?.env ?? {} }).catch(
    async (error: unknown) => {
      await s3?.stop();
      throw error;
    },
  );
  const pid = product.child.pid!;
  const storeCpu = () => (s3 ? cpuMilliseconds(s3.pid) : 0);
  try {
    const workspace = await createWorkspace(product, 'Fan-out');
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

    const { url } = (await callApi(
      product.url,
      product.access,
      'GET',
      `/api/groups/${workspace}/files/${file.id}/download-link/`,
    )) as { url: string };
    const rssBefore = rssMegabytes(pid);
    resetPeakRss(pid);
    serverCpu = cpuMilliseconds(pid);
    store = storeCpu();
    client = process.cpuUsage();
    started = performance.now();
    const received = await Promise.all(
      Array.from({ length: AGENTS }, () => download(`${product.url}${url}`)),
    );
    const wallMs = performance.now() - started;
    used = process.cpuUsage(client);
    if (received.some((bytes) => bytes !== gcode.length)) {
      throw new Error(`a download was short: ${received.join(', ')} of ${gcode.length}`);
    }
    console.log(
      `[${storage}] ${AGENTS} agents download it at once: ${seconds(wallMs)} s wall (${((AGENTS * gcode.length) / MiB / (wallMs / 1000)).toFixed(0)} MB/s in all); CPU server ${seconds(cpuMilliseconds(pid) - serverCpu)} s, store ${s3 ? seconds(storeCpu() - store) : '-'} s, clients ${seconds((used.user + used.system) / 1000)} s; server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRssMegabytes(pid).toFixed(0)} MB; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await product.stop();
    await s3?.stop();
  }
}

const gcode = buildGcode(MEGABYTES);
for (const storage of values.storage.split(',')) await measure(storage, gcode);
