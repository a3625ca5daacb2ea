/**
 * Issue 23: the longest the server keeps a request waiting while it reads the worst upload
 * (a 1 MB .bgcode with 16 QOI previews of 2048 × 2048). `/api/health` is asked again the moment
 * each answer arrives, all through the upload; its slowest answer bounds the event loop's
 * longest stall. For comparison, the same file read on this process's own thread with the
 * budgets lifted: what the server's event loop did before the worker pool.
 * Run with `npm run bench:upload-stall`; it builds the server first when the build is stale.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGcodeMetadata } from '@printdeck/gcode';
import { buildPreviewBombBgcode } from '@printdeck/gcode/preview-bomb';
import { createWorkspace, percentile, startSignedInProduct } from './bench-helpers.js';

const RUNS = 5;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

interface Probe {
  stop(): Promise<number[]>;
}

/** Asks for health back to back until stopped; the answer times. */
function probeHealth(url: string): Probe {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return times;
    },
  };
}

async function upload(url: string, token: string, workspaceId: number, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bomb.bgcode');
  const started = performance.now();
  const response = await fetch(`${url}/api/groups/${workspaceId}/files/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { previewImages?: unknown[] };
  if (response.status !== 201) throw new Error(`upload: ${response.status}`);
  return { ms: performance.now() - started, previews: body.previewImages?.length ?? 0 };
}

async function main() {
  const bomb = buildPreviewBombBgcode();
  console.log(`file: ${(bomb.length / 1e6).toFixed(2)} MB, 16 QOI previews of 2048 × 2048`);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-stall-'));
  try {
    const file = path.join(dir, 'bomb.bgcode');
    writeFileSync(file, bomb);
    const started = performance.now();
    await readGcodeMetadata(file, {
      limits: {
        maxThumbnailPixelsPerFile: Number.MAX_SAFE_INTEGER,
        thumbnailTimeBudgetMs: Number.MAX_SAFE_INTEGER,
      },
    });
    console.log(
      `before: reading it on the event loop, no budgets: ${fmt(performance.now() - started)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const product = await startSignedInProduct({ name: 'upload-stall' });
  try {
    const workspaceId = await createWorkspace(product, 'Stall');
    const idle = probeHealth(product.url);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleTimes = (await idle.stop()).sort((a, b) => a - b);
    console.log(
      `health, idle server: p50 ${fmt(percentile(idleTimes, 50))}, max ${fmt(idleTimes.at(-1)!)}`,
    );
    const worst: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const probe = probeHealth(product.url);
      const result = await upload(product.url, product.access, workspaceId, bomb);
      const times = (await probe.stop()).sort((a, b) => a - b);
      worst.push(times.at(-1)!);
      console.log(
        `run ${run + 1}: upload ${fmt(result.ms)} (${result.previews} previews kept), ` +
          `health answered ${times.length}× meanwhile, p50 ${fmt(percentile(times, 50))}, ` +
          `slowest ${fmt(times.at(-1)!)}`,
      );
    }
    worst.sort((a, b) => a - b);
    console.log(
      `slowest health answer during the worst upload, median of ${RUNS} runs: ${fmt(percentile(worst, 50))}; max ${fmt(worst.at(-1)!)}`,
    );
  } finally {
    await product.stop();
  }
}

await main();
