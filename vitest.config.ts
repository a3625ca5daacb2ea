import { defineConfig } from 'vitest/config';
import { SQLITE_ONLY } from './scripts/integration-dialects.mjs';

const DATABASE_TEMPLATE = 'apps/server/test-support/database-template.global-setup.ts';

/**
 * `PRINTDECK_TEST_SHARED_MODULES=1` (set by `npm run test:unit`, `test:integration`,
 * `test:integration:postgres`, `test:cluster` and `test:e2e`; `=0` there turns it off): the
 * files of an integration, cluster or browser worker run one after the other in one process and
 * share its loaded modules, instead of a fresh process per file that loads the server's module
 * graph (about 5 s of CPU per file; issue 27, docs/benchmarks.md "Test run, round 7"), or Vitest,
 * Playwright's client and the browser tests' support (5–6 s per file, "Test run, round 8")
 * again. Each file still starts its own server, database copy, ports and data directory, and the
 * server keeps no state at module level (settings are read by loadConfig, metric registries are
 * per server, process listeners only in main.ts and the command lines); the browser tests'
 * support keeps none a file could see (the timing log names each file in its start hook).
 *
 * Vitest 3 decides "a fresh process per file" once per run, from the root's
 * `poolOptions.forks.isolate`, not from a project's `isolate` (that one only decides whether a
 * reused process loads the modules again between files). So the root turns process reuse on
 * for such a run, and the unit project keeps `isolate: true`: its files reuse a process (Node,
 * Vitest and the packages, about two thirds of a unit file's CPU) but load our modules afresh
 * ("Test run, round 9 (… branch `checks`)"). The component files run in VM contexts instead
 * (unit-dom, below).
 */
const SHARED_MODULES = process.env.PRINTDECK_TEST_SHARED_MODULES === '1';

/**
 * How long `expect.poll` waits for the state a test asserts, where the test names no time:
 * Vitest's own second is shorter than a page reload or a server's answer takes on a loaded CI
 * machine (`files-ordering` saw an empty list 1 s after a reload, docs/benchmarks.md "Test run,
 * round 12"). A poll ends as soon as the state shows, so only a failing test waits this long.
 */
const WAIT_FOR_STATE = { poll: { timeout: 10_000 } };

/** The web app's tests that need a DOM: its components, and pure code that parses HTML. */
const DOM_TESTS = ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.dom.test.ts'];

/**
 * Projects:
 * - unit: pure code, `*.test.ts` beside the code it tests, in Node
 * - unit-dom: the web app's component tests (`*.test.tsx`) and the few pure tests that need a DOM
 *   (`*.dom.test.ts`), in jsdom
 * - integration: `*.int.test.ts`, real database (SQLite file, or PostgreSQL with DATABASE_URL),
 *   real SMTP server, real HTTP
 * - integration-postgres: the same files on PostgreSQL, but for those that name why SQLite is
 *   enough (scripts/integration-dialects.mjs)
 * - e2e: `e2e/**\/*.e2e.test.ts`, the built app in headless Chromium
 * - cluster: `*.cluster.test.ts`, two server instances on PostgreSQL and Redis (DATABASE_URL and
 *   REDIS_URL set by `npm run test:cluster`); not part of `npm test`
 *
 * Vitest's default is one worker less than the cores: one on a 2-core machine. The npm scripts
 * ask for two (`--maxWorkers=2`; `UNIT_WORKERS`, `E2E_WORKERS` change it): integration and browser
 * files are independent (own database, own ports, own server, own data directory) and spend much
 * of their time waiting on I/O; unit files share nothing (no port, no file outside a temporary
 * directory) and are CPU-bound, so two workers use both cores. A unit test may take 15 s before it
 * counts as hung: the property tests take a few seconds when the other core is busy too.
 * The unit, integration and browser scripts keep that many workers from the start to the end
 * (`--minWorkers` = `--maxWorkers`): with Vitest's default minimum (one on two cores) and shared
 * modules, the pool ended a worker that fell idle for a moment at the start, and the file handed
 * to it next never ran ("Unhandled Rejection: Terminating worker thread", the run failed; seen
 * with three browser workers, docs/benchmarks.md "Test run, round 9").
 */
export default defineConfig({
  test: {
    poolOptions: { forks: { isolate: !SHARED_MODULES } },
    projects: [
      {
        test: {
          name: 'unit',
          // each file loads our modules afresh (the web app's modules keep state), but with
          // `npm run test:unit`'s shared modules it does so in a reused process: Node, Vitest and
          // the packages load once per worker, not once per file (a third of the CPU)
          isolate: true,
          testTimeout: 15_000,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...DOM_TESTS, '**/*.int.test.ts', '**/*.cluster.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          // a fresh VM context per file, also when processes are reused: React and Testing
          // Library (packages, loaded once per process) bind to the first document they see, so
          // component files cannot share a process's packages; a context is cheaper than a process
          pool: 'vmForks',
          // after the unit files, so that each group has the two workers to itself
          sequence: { groupOrder: 1 },
          testTimeout: 15_000,
          include: DOM_TESTS,
          // what jsdom lacks and Mantine uses
          setupFiles: ['apps/web/test-support/dom-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          expect: WAIT_FOR_STATE,
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // one database per file keeps files independent; they can run in parallel
          fileParallelism: true,
          // migrates once per run; each file's database is a copy (test-database.ts)
          globalSetup: [DATABASE_TEMPLATE],
          isolate: !SHARED_MODULES,
        },
      },
      {
        test: {
          // the integration tests again, on PostgreSQL (DATABASE_URL set by
          // `npm run test:integration:postgres`), but for those that name why SQLite is enough
          name: 'integration-postgres',
          expect: WAIT_FOR_STATE,
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', ...Object.keys(SQLITE_ONLY)],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          globalSetup: [DATABASE_TEMPLATE],
          isolate: !SHARED_MODULES,
        },
      },
      {
        test: {
          // `npm run test:cluster` shares modules too: its files run one after the other in one
          // process, each with its own schema, Redis prefix, ports and data directory
          name: 'cluster',
          expect: WAIT_FOR_STATE,
          isolate: !SHARED_MODULES,
          include: ['apps/*/src/**/*.cluster.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // the instances of one file share a Redis prefix and a schema; files run one by one
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          expect: WAIT_FOR_STATE,
          isolate: !SHARED_MODULES,
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file starts its own server (own port, see free-port.ts; own DATA_DIR and SMTP
          // capture) and its own browser contexts in the run's one Chromium, so files run side by
          // side
          fileParallelism: true,
          globalSetup: ['e2e/support/browser-server.global-setup.ts'],
        },
      },
    ],
  },
});
