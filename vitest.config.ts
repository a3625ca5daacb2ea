import { defineConfig } from 'vitest/config';

/**
 * Three projects:
 * - unit: pure code, `*.test.ts` beside the code it tests
 * - integration: `*.int.test.ts`, real database (SQLite file, or PostgreSQL with DATABASE_URL),
 *   real SMTP server, real HTTP
 * - e2e: `e2e/**\/*.e2e.test.ts`, the built app in headless Chromium
 * - cluster: `*.cluster.test.ts`, two server instances on PostgreSQL and Redis (DATABASE_URL and
 *   REDIS_URL set by `npm run test:cluster`); not part of `npm test`
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/*.cluster.test.ts', '**/node_modules/**'],
          // component tests (`@vitest-environment jsdom` files) get what jsdom lacks
          setupFiles: ['apps/web/src/test/dom-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // one database per file keeps files independent; they can run in parallel
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'cluster',
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
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
