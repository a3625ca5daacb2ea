// `node scripts/timed-step.mjs <name> <command> [args…]`: runs one step of `.ci/run` with its
// output on the terminal, records its wall and CPU time (scripts/timed-steps.mjs) and exits with
// its status.
import { runTimedStep } from './timed-steps.mjs';

const [name, command, ...args] = process.argv.slice(2);
if (!name || !command) {
  console.error('usage: node scripts/timed-step.mjs <name> <command> [args…]');
  process.exit(2);
}
process.exit(runTimedStep(name, command, args).status);
