import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'timed-steps-'));
process.env.PRINTDECK_STEPS_FILE = path.join(dir, 'steps.tsv');
const { runTimedStep, STEPS_FILE } = await import('./timed-steps.mjs');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** a child that spends `seconds` of CPU, then exits with `status` */
const burn = (seconds: number, status: number) => [
  '-e',
  `const end = process.cpuUsage().user + ${seconds * 1e6}; while (process.cpuUsage().user < end); process.exit(${status})`,
];

describe('timed steps', () => {
  it("counts the CPU of the step's process tree, and records its line", () => {
    const outcome = runTimedStep('burn', 'sh', [
      '-c',
      `node ${burn(0.3, 0)
        .map((a) => `'${a}'`)
        .join(' ')}`,
    ]);
    expect(outcome.passed).toBe(true);
    // the grandchild's 0.3 s reach the step through the shell that waited for it
    expect(outcome.cpu).toBeGreaterThanOrEqual(0.29);
    expect(outcome.seconds).toBeGreaterThanOrEqual(outcome.cpu! / 2);
    const [name, status, wall, cpu] = readFileSync(STEPS_FILE, 'utf8').trim().split('\t');
    expect([name, status, Number(wall), Number(cpu)]).toEqual([
      'burn',
      'passed',
      Number(outcome.seconds.toFixed(1)),
      Number(outcome.cpu!.toFixed(1)),
    ]);
  });

  it("a failing step is recorded as failed with the command's status", () => {
    const outcome = runTimedStep('fails', process.execPath, burn(0, 3));
    expect(outcome).toMatchObject({ passed: false, status: 3 });
    expect(readFileSync(STEPS_FILE, 'utf8')).toContain('fails\tFAILED\t');
  });
});
