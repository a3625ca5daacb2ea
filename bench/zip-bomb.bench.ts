/**
 * Issue 23: a `.gcode.3mf` zip bomb (600 MiB of G-code in 640 KB) read through the metadata
 * pool's worker thread, against the same file read on this process's own thread: the longest
 * event-loop stall while each runs (perf_hooks' event-loop delay histogram, 10 ms resolution),
 * and how long the refusal took. `npm run bench:zip-bomb`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMetadataPool, read3mfMetadata } from '@printdeck/gcode';
import { buildDeflatedFiller, buildZip } from '@printdeck/gcode/zip-writer';

const RUNS = 3;

async function measure(read: () => Promise<unknown>): Promise<{ stallMs: number; ms: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const outcome = await read().then(
    () => 'read',
    (error: unknown) => (error as { code?: string }).code ?? 'failed',
  );
  const ms = performance.now() - started;
  histogram.disable();
  if (outcome !== 'limit_exceeded') throw new Error(`expected limit_exceeded, got ${outcome}`);
  return { stallMs: histogram.max / 1e6, ms };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-zip-bomb-'));
  const file = path.join(dir, 'bomb.gcode.3mf');
  const bomb = buildDeflatedFiller(600 * 1024 * 1024);
  writeFileSync(
    file,
    buildZip([{ name: 'Metadata/plate_1.gcode', data: Buffer.alloc(0), deflated: bomb }]),
  );
  console.log(`file: ${(bomb.bytes.length / 1024).toFixed(0)} KB inflating to 600 MiB`);
  const pool = createMetadataPool();
  try {
    for (let run = 1; run <= RUNS; run++) {
      const onPool = await measure(() => pool.read3mf(file));
      const onLoop = await measure(() => read3mfMetadata(file));
      console.log(
        `run ${run}: pool — refused in ${onPool.ms.toFixed(0)} ms, longest stall ${onPool.stallMs.toFixed(1)} ms; ` +
          `this thread — refused in ${onLoop.ms.toFixed(0)} ms, longest stall ${onLoop.stallMs.toFixed(1)} ms`,
      );
    }
  } finally {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
