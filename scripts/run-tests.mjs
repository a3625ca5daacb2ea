// `npm test`: runs every suite (unit, integration, browser), each to its end even when an earlier
// one failed, so a red unit test never hides the browser results; then prints one line per suite
// (its wall and CPU time: scripts/timed-steps.mjs) and exits non-zero if any failed.
// `node scripts/run-tests.mjs unit e2e` runs only those; `postgres` (the dialect-sensitive
// integration files on PostgreSQL) and `cluster` (two instances on PostgreSQL and Redis) are run
// only when named, as `.ci/run` does.
import { describeTimes, runTimedStep } from './timed-steps.mjs';

const SUITES = {
  unit: 'test:unit',
  integration: 'test:integration',
  e2e: 'test:e2e',
  postgres: 'test:integration:postgres',
  cluster: 'test:cluster',
};
const BY_DEFAULT = ['unit', 'integration', 'e2e'];

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(
    `unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`,
  );
  process.exit(2);
}
const names = asked.length > 0 ? asked : BY_DEFAULT;

const outcomes = [];
for (const name of names) {
  console.log(`\n== ${name} (npm run ${SUITES[name]})`);
  outcomes.push(runTimedStep(name, 'npm', ['run', SUITES[name]]));
}

console.log('\n== npm test');
for (const outcome of outcomes) {
  console.log(
    `${outcome.passed ? 'passed' : 'FAILED'}  ${outcome.name} (${describeTimes(outcome)})`,
  );
}
const failed = outcomes.filter((outcome) => !outcome.passed);
if (failed.length > 0) {
  console.log(`${failed.length} of ${outcomes.length} suites failed`);
  process.exit(1);
}
