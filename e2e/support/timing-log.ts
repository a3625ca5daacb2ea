import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the browser suite's time goes, for the round's measurements (docs/benchmarks.md): with
 * `E2E_TIMING_LOG=<file>` each server start, CLI command and server's CPU at its stop is appended
 * to the file as one JSON line. Without it nothing is written.
 */
const LOG_FILE = process.env.E2E_TIMING_LOG;

/**
 * CPU time (user + system) of a live process in ms, read from /proc (Linux); null elsewhere.
 * With `withEndedChildren`, also that of its children that ended and were waited for (Chromium's
 * renderers of closed contexts).
 */
export function readProcessCpuMs(
  pid: number | undefined,
  options: { withEndedChildren?: boolean } = {},
): number | null {
  if (pid === undefined) return null;
  try {
    // fields after the command's name (which may hold spaces), see proc(5): utime is the 14th;
    // cutime and cstime follow stime; ticks of 10 ms (CLK_TCK 100)
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const count = options.withEndedChildren ? 4 : 2;
    const ticks = fields.slice(11, 11 + count).reduce((sum, field) => sum + Number(field), 0);
    return ticks * 10;
  } catch {
    return null;
  }
}

/**
 * CPU time in ms of a process and all its descendants, live or ended and waited for (Chromium
 * with its renderers and helpers), from /proc; null elsewhere.
 */
export function readProcessTreeCpuMs(rootPid: number | undefined): number | null {
  if (rootPid === undefined) return null;
  const parentOf = new Map<number, number>();
  const cpuOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      parentOf.set(Number(name), Number(fields[1]));
      // utime, stime, cutime, cstime: ticks of 10 ms
      cpuOf.set(
        Number(name),
        fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0),
      );
    } catch {
      // ended meanwhile
    }
  }
  if (!cpuOf.has(rootPid)) return null;
  const isInTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parentOf.get(at)) {
      if (at === rootPid) return true;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, cpu] of cpuOf) if (isInTree(pid)) ticks += cpu;
  return ticks * 10;
}

/** Whether the timing log is on (`E2E_TIMING_LOG`): measuring steps that cost work otherwise. */
export const isTimingLogOn = LOG_FILE !== undefined && LOG_FILE !== '';

/** the test file whose steps are logged (this worker's); unnamed: the run's own set-up */
let testFile = 'the run';

/** Names the file the next lines belong to (fixture.ts, in the file's start hook). */
export function nameTimingFile(file: string): void {
  testFile = path.basename(file);
}

export function logTiming(what: string, figures: Record<string, number | null>): void {
  if (!LOG_FILE) return;
  appendFileSync(LOG_FILE, `${JSON.stringify({ file: testFile, what, ...figures })}\n`);
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
