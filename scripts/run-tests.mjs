// `npm test`: runs every suite (unit, integration, browser), each to its end even when an earlier
// one failed, so a red unit test never hides the browser results; then prints one line per suite
// and exits non-zero if any failed. `node scripts/run-tests.mjs unit e2e` runs only those.
import { spawnSync } from 'node:child_process';

const SUITES = {
  unit: 'test:unit',
  integration: 'test:integration',
  e2e: 'test:e2e',
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(
    `unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`,
  );
  process.exit(2);
}
const names = asked.length > 0 ? asked : Object.keys(SUITES);

const outcomes = [];
for (const name of names) {
  console.log(`\n== ${name} (npm run ${SUITES[name]})`);
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', SUITES[name]], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // a run killed by a signal has no status: that is a failure too
  outcomes.push({ name, passed: run.status === 0, seconds });
}

console.log('\n== npm test');
for (const { name, passed, seconds } of outcomes) {
  console.log(`${passed ? 'passed' : 'FAILED'}  ${name} (${seconds.toFixed(0)} s)`);
}
const failed = outcomes.filter((outcome) => !outcome.passed);
if (failed.length > 0) {
  console.log(`${failed.length} of ${outcomes.length} suites failed`);
  process.exit(1);
}
