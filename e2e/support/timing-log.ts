import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Where the browser suite's time goes, for the round's measurements (docs/benchmarks.md): with
 * `E2E_TIMING_LOG=<file>` each server start, CLI command and server's CPU at its stop is appended
 * to the file as one JSON line. Without it nothing is written.
 */
const LOG_FILE = process.env.E2E_TIMING_LOG;

/** CPU time (user + system) of a live process in ms, read from /proc (Linux); null elsewhere. */
export function readProcessCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // fields after the command's name (which may hold spaces), see proc(5): utime is the 14th
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}

function testFile(): string {
  const testPath = expect.getState().testPath;
  return testPath ? path.basename(testPath) : 'unknown';
}

export function logTiming(what: string, figures: Record<string, number | null>): void {
  if (!LOG_FILE) return;
  appendFileSync(LOG_FILE, `${JSON.stringify({ file: testFile(), what, ...figures })}\n`);
}

/** Times one awaited step (wall ms) into the log. */
export async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  if (!LOG_FILE) return step();
  const started = performance.now();
  try {
    return await step();
  } finally {
    logTiming(what, { wallMs: Math.round(performance.now() - started) });
  }
}
