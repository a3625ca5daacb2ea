/**
 * Issue 19 figures:
 * 1. memory of the temperature history at 5,000 devices, every ring full (30 minutes at 5 s);
 * 2. time from starting the built server on an empty data directory to a signed-in Dashboard
 *    through the welcome page, in headless Chromium (/usr/bin/chromium), three rounds.
 * Run: npm run bench:first-run
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { RingBufferTemperatureStore } from '../apps/server/src/modules/temperature-history/ring-buffer-temperature-store.js';
import { TEMPERATURE_HISTORY } from '../apps/server/src/modules/temperature-history/temperature-history-store.js';
import { findFreePort, startProduct, stopProduct } from './bench-helpers.js';

const DEVICES = 5000;
const ROUNDS = 3;

function settle(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function measureTemperatureHistory(): void {
  const before = settle();
  const store = new RingBufferTemperatureStore();
  const steps = TEMPERATURE_HISTORY.windowMs / TEMPERATURE_HISTORY.sampleIntervalMs + 10;
  const start = Date.UTC(2026, 0, 1);
  const recordStarted = performance.now();
  for (let step = 0; step < steps; step += 1) {
    const now = start + step * TEMPERATURE_HISTORY.sampleIntervalMs;
    for (let device = 1; device <= DEVICES; device += 1) {
      store.record(
        device,
        { nozzleActual: 200 + (step % 15), nozzleTarget: 215, bedActual: 59.5, bedTarget: 60 },
        now,
      );
    }
  }
  const recordMs = performance.now() - recordStarted;
  const after = settle();
  const now = start + (steps - 1) * TEMPERATURE_HISTORY.sampleIntervalMs;
  const readStarted = performance.now();
  const samples = store.read(1, now).length;
  const readMs = performance.now() - readStarted;
  const megabytes = (after - before) / 1024 / 1024;
  console.log(
    `temperature history: ${DEVICES} devices × ${samples} samples: ${megabytes.toFixed(1)} MB ` +
      `(heap + array buffers${(globalThis as { gc?: unknown }).gc ? ', after gc' : ', no gc'}); ` +
      `${((steps * DEVICES) / recordMs).toFixed(0)} records/ms; one read ${readMs.toFixed(2)} ms`,
  );
}

async function measureFirstRun(): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const totals: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-first-run-'));
      const port = String(await findFreePort());
      const started = performance.now();
      const { child, startupMs, url } = await startProduct({
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
      });
      const context = await browser.newContext({ locale: 'en-US' });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        await page.goto(`${url}/`);
        await page.waitForURL((u) => u.pathname === '/welcome');
        const welcomeMs = performance.now() - started;
        await page.getByLabel('Email').fill('owner@example.com');
        await page.getByLabel('Password', { exact: true }).fill('a long first passphrase');
        await page.getByLabel('Confirm password').fill('a long first passphrase');
        await page.getByLabel('Workspace name').fill('Bench farm');
        const submitted = performance.now();
        await page.getByRole('button', { name: 'Create account and start' }).click();
        await page.getByRole('heading', { name: 'Get started' }).waitFor();
        const submitMs = performance.now() - submitted;
        // the time a person takes to type is left out: start → welcome, plus submit → Dashboard
        const total = welcomeMs + submitMs;
        totals.push(total);
        console.log(
          `round ${round}: /api/health answers ${startupMs.toFixed(0)} ms, welcome page shown ` +
            `${welcomeMs.toFixed(0)} ms, submit → signed-in Dashboard ${submitMs.toFixed(0)} ms, ` +
            `total without typing ${total.toFixed(0)} ms`,
        );
      } finally {
        await context.close();
        await stopProduct(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  return totals;
}

measureTemperatureHistory();
const totals = await measureFirstRun();
console.log(
  `first run, start → signed-in Dashboard without typing: ${totals.map((t) => t.toFixed(0)).join(', ')} ms`,
);
