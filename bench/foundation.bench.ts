/**
 * Figures for the foundation (issue 2): cold start until /api/health answers, idle RSS,
 * login latency with 50 concurrent clients, and the gzip size of the JavaScript that the
 * sign-in page loads. Run with `npm run bench:foundation`; it prints the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser.js';
import {
  BENCH_USER,
  startSignedInProduct,
  findFreePort,
  percentile,
  rssMegabytes,
  startProduct,
  stopProduct,
} from './bench-helpers.js';

const STARTS = 5;
const CLIENTS = 50;
const LOGINS_PER_CLIENT = 10;

async function measureColdStarts(): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < STARTS; run += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-bench-'));
    const { child, startupMs } = await startProduct({
      DATA_DIR: dataDir,
      PORT: String(await findFreePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
    times.push(startupMs);
    await stopProduct(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return times.sort((a, b) => a - b);
}

async function measureLogins(url: string): Promise<number[]> {
  const latencies: number[] = [];
  // Each client has its own address (X-Forwarded-For through one trusted hop), as real users do.
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < LOGINS_PER_CLIENT; i += 1) {
        const started = performance.now();
        const response = await fetch(`${url}/api/tokens/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${client}.1` },
          body: JSON.stringify({ username: BENCH_USER.email, password: BENCH_USER.password }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`login answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** Every script /login loads (entry, lazy route, preloaded chunks), each gzipped at level 9. */
async function measureSignInJavaScript(url: string): Promise<{ files: number; gzipBytes: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ locale: 'en-US' });
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      const isScript = response.request().resourceType() === 'script';
      if (isScript && response.url().startsWith(url)) bodies.push(response.body());
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      gzipBytes: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main(): Promise<void> {
  const starts = await measureColdStarts();
  console.log(
    `cold start to /api/health (${STARTS} runs): median ${fmt(percentile(starts, 50))}, min ${fmt(starts[0]!)}, max ${fmt(starts.at(-1)!)}`,
  );

  const product = await startSignedInProduct({
    name: 'foundation',
    env: { TRUST_PROXY_HOPS: '1' },
  });
  const { child, url } = product;
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    console.log(`idle server RSS: ${rssMegabytes(child.pid!).toFixed(1)} MB`);
    const logins = await measureLogins(url);
    console.log(
      `login with ${CLIENTS} concurrent clients (${logins.length} logins): p50 ${fmt(percentile(logins, 50))}, p99 ${fmt(percentile(logins, 99))}`,
    );
    console.log(`server RSS after the login load: ${rssMegabytes(child.pid!).toFixed(1)} MB`);
    const js = await measureSignInJavaScript(url);
    console.log(
      `JavaScript loaded by /login: ${js.files} files, ${(js.gzipBytes / 1024).toFixed(1)} KB gzip (goal < 250 KB)`,
    );
  } finally {
    await product.stop();
  }
}

await main();
