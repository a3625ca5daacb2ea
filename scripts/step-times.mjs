// The steps recorded in .tmp/steps.tsv (scripts/timed-steps.mjs) as a table: wall and CPU
// seconds, cores busy (CPU over wall) and the 1-minute load at the step's start and end.
import { existsSync, readFileSync } from 'node:fs';
import { STEPS_FILE } from './timed-steps.mjs';

const lines = existsSync(STEPS_FILE)
  ? readFileSync(STEPS_FILE, 'utf8').split('\n').filter(Boolean)
  : [];
console.log('step                      status   wall s    CPU s  cores  load start → end');
for (const line of lines) {
  const [name, status, wall, cpu, loadStart, loadEnd] = line.split('\t');
  const cores = cpu ? (Number(cpu) / Math.max(Number(wall), 0.001)).toFixed(1) : '';
  console.log(
    `${name.padEnd(25)} ${status.padEnd(7)} ${wall.padStart(7)} ${cpu.padStart(8)} ${cores.padStart(6)}  ${loadStart} → ${loadEnd}`,
  );
}
