/**
 * Issue 23: the fuzz at full size — 50,000 generated requests over every operation of
 * docs/api/openapi.json (malformed ids, wrong-typed and hostile bodies, broken JSON and
 * multipart, odd content types, bad tokens) and 10,000 generated device-WebSocket messages,
 * against a server in this process on a fresh SQLite database. It counts the answers by status;
 * any 5xx or a 1011 close fails the run (exit 1). `npm run bench:fuzz` (FUZZ_HTTP, FUZZ_DEVICE,
 * FUZZ_SEED change the counts and the seed).
 */
import { runDeviceFuzz } from '../apps/server/test-support/fuzz/device-fuzz.js';
import { prepareFuzzTarget, readOpenApi } from '../apps/server/test-support/fuzz/fuzz-setup.js';
import { runHttpFuzz } from '../apps/server/test-support/fuzz/http-fuzz.js';
import { startTestServer } from '../apps/server/test-support/test-server.js';

const HTTP_COUNT = Number(process.env.FUZZ_HTTP ?? 50_000);
const DEVICE_COUNT = Number(process.env.FUZZ_DEVICE ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 23);

async function main() {
  const t = await startTestServer();
  try {
    const { http, deviceKey } = await prepareFuzzTarget(t);
    const document = readOpenApi();
    const operations = Object.values(document.paths).reduce(
      (sum, methods) => sum + Object.keys(methods).length,
      0,
    );
    let started = performance.now();
    const device = await runDeviceFuzz(t.baseUrl, deviceKey, { count: DEVICE_COUNT, seed: SEED });
    const deviceSeconds = (performance.now() - started) / 1000;
    console.log(
      `device WebSocket: ${device.messages} messages in ${deviceSeconds.toFixed(0)} s, closes ${JSON.stringify(device.closes)}, 1011: ${device.serverErrors}`,
    );
    started = performance.now();
    const report = await runHttpFuzz(http, document, { count: HTTP_COUNT, seed: SEED });
    const httpSeconds = (performance.now() - started) / 1000;
    const fiveXx = report.failures.length;
    console.log(
      `HTTP: ${report.requests} requests over ${operations} operations in ${httpSeconds.toFixed(0)} s; by status ${JSON.stringify(report.byStatus)}; 5xx: ${fiveXx}; sent again after a closed connection: ${report.resent}`,
    );
    for (const failure of report.failures.slice(0, 10)) console.log('  5xx:', failure);
    const health = await fetch(`${t.baseUrl}/api/health`);
    console.log(`health after the fuzz: ${health.status}`);
    if (fiveXx > 0 || device.serverErrors > 0 || health.status !== 200) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

await main();
