/**
 * What a test file pays to get its database (issue 27, "the test run"): a server start on an
 * empty database, which migrates it, against one on a copy of the run's migrated template
 * (apps/server/test-support/database-template.global-setup.ts). SQLite always; PostgreSQL too
 * when DATABASE_URL is set. `npx tsx bench/test-storage.bench.ts [rounds]`
 */
import setupTemplate from '../apps/server/test-support/database-template.global-setup.js';
import { createTestStorage } from '../apps/server/test-support/test-database.js';
import { startTestServer } from '../apps/server/test-support/test-server.js';

const rounds = Number(process.argv[2] ?? 5);

async function measure(migrated: boolean): Promise<{ wallMs: number; cpuMs: number }> {
  const startedCpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const storage = await createTestStorage({ migrated });
  const server = await startTestServer({ storage });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(startedCpu);
  await server.close();
  await storage.cleanup();
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const teardown = await setupTemplate();
try {
  await measure(true); // warm: modules loaded, the PostgreSQL script read
  for (const migrated of [false, true]) {
    const runs = [];
    for (let round = 0; round < rounds; round++) runs.push(await measure(migrated));
    console.log(
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${migrated ? 'copy of the template' : 'migrated by the start'}: ` +
        `median ${median(runs.map((run) => run.wallMs)).toFixed(0)} ms wall, ` +
        `${median(runs.map((run) => run.cpuMs)).toFixed(0)} ms CPU of this process (${rounds} starts)`,
    );
  }
} finally {
  teardown();
}
