// Wall and CPU time of the steps of a run (`npm test`'s suites, `.ci/run`'s checks): each step is
// a child process; its CPU is what its process tree spent (user + system of every child and
// grandchild that was waited for: `cutime` and `cstime` of /proc/self/stat, Linux). A step's
// line goes to .tmp/steps.tsv (name, status, wall s, CPU s, 1-minute load at its start and end),
// which `node scripts/step-times.mjs` prints as a table. CPU over wall says whether a step burns
// the cores (near 2 on this 2-core machine) or waits (near 0), so which steps can overlap.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `PRINTDECK_STEPS_FILE` names another file (a test's temporary directory). */
export const STEPS_FILE = process.env.PRINTDECK_STEPS_FILE || '.tmp/steps.tsv';
const TICKS_PER_SECOND = 100; // `getconf CLK_TCK` on Linux

/** CPU seconds (user + system) of this process's finished children so far; null without /proc. */
function childCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // the command name (field 2) may hold spaces: count from its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

function loadAverage() {
  return existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').split(' ')[0] : '';
}

/**
 * Runs `command args` with the terminal's output, records its line in .tmp/steps.tsv and answers
 * whether it passed (a run killed by a signal has no status: a failure too) and its figures.
 */
export function runTimedStep(name, command, args) {
  const loadBefore = loadAverage();
  const cpuBefore = childCpuSeconds();
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const passed = run.status === 0;
  mkdirSync(path.dirname(STEPS_FILE), { recursive: true });
  const line = [name, passed ? 'passed' : 'FAILED', seconds.toFixed(1), cpu?.toFixed(1) ?? ''];
  appendFileSync(STEPS_FILE, `${[...line, loadBefore, loadAverage()].join('\t')}\n`);
  return { name, passed, status: run.status ?? 1, seconds, cpu };
}

/** "412 s, CPU 655 s (1.6 cores)" */
export function describeTimes({ seconds, cpu }) {
  const wall = `${seconds.toFixed(0)} s`;
  if (cpu === null) return wall;
  return `${wall}, CPU ${cpu.toFixed(0)} s (${(cpu / Math.max(seconds, 0.001)).toFixed(1)} cores)`;
}
