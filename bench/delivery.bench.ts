/**
 * Figures for delivery (issue 15): bytes on the wire for a first visit of /login and of
 * /printers with 200 printers, for one open /printers tab (extrapolated from a bounded window
 * to an hour), and the requests that reach the device per click of a control that fails.
 * Each is measured twice through a counting proxy: as shipped, and as before issue 15 (the
 * proxy drops Accept-Encoding, If-None-Match and Idempotency-Key). Run `npm run bench:delivery`.
 */
import { ALL_PRINTERS_GROUP_ID } from '@printdeck/shared';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/support/browser.js';
import { startAppUnderTest, type AppUnderTest } from '../e2e/support/app-under-test.js';
import type { FakePrinter } from '../e2e/support/fake-printer.js';
import { addFakePrinter, createAdmin, openAs, type Member } from '../e2e/support/printers-world.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';

const PRINTERS = 200;
/** how long one open tab is watched; the hour is this times 3600 / WINDOW_S */
const WINDOW_S = 30;
const CLICKS = 3;

interface Mode {
  name: string;
  drop: string[];
}
const MODES: Mode[] = [
  {
    name: 'before (no compression, no ETag, no key)',
    drop: ['accept-encoding', 'if-none-match', 'idempotency-key'],
  },
  { name: 'now', drop: [] },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Opens a page signed in through the proxy, cameras off (their frames are not what is measured). */
async function openPrinters(page: Page, app: AppUnderTest, proxy: CountingProxy, admin: Member) {
  await page.addInitScript((key) => {
    window.localStorage.setItem(key, JSON.stringify({ isExpanded: true, isCameraOn: false }));
  }, `printdeck.printerGroup.${ALL_PRINTERS_GROUP_ID}`);
  proxy.reset();
  await openAs(page, { ...app, url: proxy.url }, admin, '/printers');
  await page.getByText(`Printer ${PRINTERS - 1}`, { exact: true }).waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

interface World {
  app: AppUnderTest;
  browser: Browser;
  admin: Member;
}

async function measureLogin(world: World, proxy: CountingProxy): Promise<string> {
  const { context, page } = await newPage(world.browser);
  try {
    proxy.reset();
    await page.goto(`${proxy.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    return `${kb(proxy.bytesToClient())} in ${proxy.requests()} requests`;
  } finally {
    await context.close();
  }
}

async function measurePrinters(world: World, proxy: CountingProxy): Promise<string> {
  const { context, page } = await newPage(world.browser);
  try {
    await openPrinters(page, world.app, proxy, world.admin);
    return `${kb(proxy.bytesToClient())} in ${proxy.requests()} requests`;
  } finally {
    await context.close();
  }
}

async function measureOpenTab(world: World, proxy: CountingProxy): Promise<string> {
  const { context, page } = await newPage(world.browser);
  try {
    await openPrinters(page, world.app, proxy, world.admin);
    await page.waitForTimeout(2500);
    proxy.reset();
    await page.waitForTimeout(WINDOW_S * 1000);
    const perHour = (proxy.bytesToClient() * 3600) / WINDOW_S;
    return `${kb(proxy.bytesToClient())} in ${WINDOW_S} s (${proxy.requests()} requests) = ${mb(perHour)} per hour`;
  } finally {
    await context.close();
  }
}

async function measureFailingClicks(
  world: World,
  proxy: CountingProxy,
  failing: { id: number; device: FakePrinter },
): Promise<string> {
  const { context, page } = await newPage(world.browser);
  try {
    const path = `/printers/${failing.id}?activeTab=controls`;
    await openAs(page, { ...world.app, url: proxy.url }, world.admin, path);
    const moves = () => failing.device.received.filter((c) => c.name === 'move_head').length;
    const before = moves();
    for (let click = 0; click < CLICKS; click += 1) {
      await page.getByRole('button', { name: 'Move X +10 mm' }).click();
      await page.getByText('Must home axis first.').last().waitFor();
      await page.waitForTimeout(1000);
    }
    const reached = moves() - before;
    return `${reached} requests reached the printer in ${CLICKS} clicks (${(reached / CLICKS).toFixed(1)} per click)`;
  } finally {
    await context.close();
  }
}

async function report(
  title: string,
  proxies: CountingProxy[],
  measure: (proxy: CountingProxy) => Promise<string>,
): Promise<void> {
  for (const [index, proxy] of proxies.entries()) {
    console.log(`${title}, ${MODES[index]!.name}: ${await measure(proxy)}`);
  }
}

async function main(): Promise<void> {
  const [app, browser] = await Promise.all([startAppUnderTest(), launchBrowser()]);
  const devices: FakePrinter[] = [];
  try {
    const admin = await createAdmin(app, 'delivery@example.com');
    for (let i = 0; i < PRINTERS; i += 1) {
      const { device } = await addFakePrinter(app, admin, {
        name: `Printer ${i}`,
        driver: 'octoprint',
        tickMs: 2000,
      });
      devices.push(device);
    }
    const failing = await addFakePrinter(app, admin, { name: 'Unhomed', driver: 'octoprint' });
    devices.push(failing.device);
    const world: World = { app, browser, admin };
    const proxies = await Promise.all(MODES.map((mode) => startCountingProxy(app.url, mode.drop)));
    try {
      await report('first visit of /login', proxies, (p) => measureLogin(world, p));
      await report(`first visit of /printers (${PRINTERS} printers)`, proxies, (p) =>
        measurePrinters(world, p),
      );
      await report('one open /printers tab, fleet idle', proxies, (p) => measureOpenTab(world, p));
      devices.forEach((device, i) => i % 3 === 0 && device.startJob(`part-${i}.gcode`));
      await report('one open /printers tab, a third printing', proxies, (p) =>
        measureOpenTab(world, p),
      );
      await report('"Move X +10 mm" before homing (408)', proxies, (p) =>
        measureFailingClicks(world, p, failing),
      );
    } finally {
      await Promise.all(proxies.map((proxy) => proxy.close()));
    }
  } finally {
    await Promise.all(devices.map((device) => device.stop()));
    await browser.close();
    await app.stop();
  }
}

await main();
