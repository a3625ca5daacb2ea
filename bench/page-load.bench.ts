/**
 * The first page load of a signed-in person (issue 27, branch `loaders`): opens a page of the
 * built app in a fresh browser context again and again and reads the page's own resource timing:
 * when the document was parsed, how many script and style files it loaded, when the start calls
 * (`public-config`, the token refresh) and the page's first data were answered, and when the
 * page showed that data.
 *
 *   npm run bench:page-load -- --loads 8 --path /printers --wait-for 'Bench printer 1'
 *
 * With `--click`, each load then follows a link inside the app (the page's code not loaded yet)
 * and times that navigation from the click: when the next page's data was asked for and
 * answered, and when the page showed (`--click-shows`, a CSS selector).
 *
 *   npm run bench:page-load -- --click 'a[href="/printers/1"]' \
 *     --click-shows '[data-testid="printer-tabs"]' --click-data /api/printers/1/
 *
 * It measures whatever apps/web/dist holds: build (or copy) the two versions to compare in turn.
 * Wall-clock figures: name the load (`cat /proc/loadavg`) beside them.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import {
  addBenchPrinter,
  BENCH_USER,
  callApi,
  percentile,
  startSignedInProduct,
} from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '8' },
    path: { type: 'string', default: '/printers' },
    // text the page shows once its first data arrived
    'wait-for': { type: 'string', default: 'Bench printer 1' },
    // the API path of the page's first data (answered before the text shows)
    'data-path': { type: 'string', default: '/printers/' },
    printers: { type: 'string', default: '3' },
    click: { type: 'string' },
    'click-shows': { type: 'string' },
    'click-data': { type: 'string' },
  },
});

/**
 * What the functions run inside the page use of it: the bench's TypeScript has no DOM types
 * (they clash with Node's), so each such function starts from `globalThis` as this.
 */
interface InPage {
  document: {
    body: { innerText: string };
    querySelector(selector: string): { click(): void } | null;
  };
  localStorage: { setItem(key: string, value: string): void };
  performance: {
    now(): number;
    getEntriesByType(type: 'navigation' | 'resource'): {
      name: string;
      startTime: number;
      responseEnd: number;
      domContentLoadedEventEnd?: number;
    }[];
  };
}

interface LoadTimes {
  domContentLoaded: number;
  assetFiles: number;
  lastAsset: number;
  publicConfigSent: number;
  publicConfig: number;
  /** 1 when the app read the answer the document asked for early (a preload), else 2 */
  publicConfigRequests: number;
  refreshSent: number;
  refresh: number;
  firstDataSent: number;
  firstData: number;
  shown: number;
  /** after --click, from the click: the next page's data asked, answered, the page shown */
  clickDataSent?: number;
  clickData?: number;
  clickShown?: number;
}

/** Follows --click inside the app; times from the click, in the page's own clock. */
async function clickThrough(page: Page) {
  const clickedAt = await page.evaluate((selector) => {
    const { document, performance } = globalThis as unknown as InPage;
    const link = document.querySelector(selector);
    if (!link) throw new Error(`no ${selector} on the page`);
    const at = performance.now();
    link.click();
    return at;
  }, values.click!);
  const shown = await page.waitForFunction(
    (selector) => {
      const { document, performance } = globalThis as unknown as InPage;
      return document.querySelector(selector) ? performance.now() : null;
    },
    values['click-shows']!,
    { polling: 'raf', timeout: 120_000 },
  );
  const shownAt = (await shown.jsonValue()) as number;
  const data = await page.evaluate(
    (dataPath) =>
      (globalThis as unknown as InPage).performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === dataPath)
        .map((entry) => [entry.startTime, entry.responseEnd])[0],
    values['click-data']!,
  );
  return {
    clickDataSent: (data?.[0] ?? NaN) - clickedAt,
    clickData: (data?.[1] ?? NaN) - clickedAt,
    clickShown: shownAt - clickedAt,
  };
}

interface Resource {
  pathName: string;
  startTime: number;
  responseEnd: number;
}

function summarize(domContentLoaded: number, resources: Resource[], shown: number): LoadTimes {
  const assets = resources.filter((entry) => entry.pathName.startsWith('/assets/'));
  const call = (test: (pathName: string) => boolean) =>
    resources.find((entry) => test(entry.pathName));
  const publicConfig = call((p) => p === '/api/public-config/');
  const refresh = call((p) => p === '/api/tokens/refresh/');
  const firstData = call((p) => p.startsWith('/api/groups/') && p.endsWith(values['data-path']));
  return {
    domContentLoaded,
    assetFiles: assets.length,
    lastAsset: Math.max(...assets.map((entry) => entry.responseEnd)),
    publicConfigSent: publicConfig?.startTime ?? NaN,
    publicConfig: publicConfig?.responseEnd ?? NaN,
    publicConfigRequests: resources.filter((entry) => entry.pathName === '/api/public-config/')
      .length,
    refreshSent: refresh?.startTime ?? NaN,
    refresh: refresh?.responseEnd ?? NaN,
    firstDataSent: firstData?.startTime ?? NaN,
    firstData: firstData?.responseEnd ?? NaN,
    shown,
  };
}

/** One load in a fresh context (its own refresh cookie: refresh tokens rotate). */
async function loadOnce(browser: Browser, url: string, workspaceId: number): Promise<LoadTimes> {
  const { refresh } = (await callApi(url, null, 'POST', '/api/tokens/', {
    username: BENCH_USER.email,
    password: BENCH_USER.password,
  })) as { refresh: string };
  const context = await browser.newContext();
  try {
    await context.addCookies([
      {
        name: 'printdeck_refresh',
        value: refresh,
        url: `${url}/api/tokens/refresh/`,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
    await context.addInitScript((id) => {
      const { localStorage } = globalThis as unknown as InPage;
      localStorage.setItem('printdeck.session', '1');
      localStorage.setItem('printdeck.groupId', String(id));
    }, workspaceId);
    const page = await context.newPage();
    await page.goto(`${url}${values.path}`);
    // checked every frame in the page: the moment the text is there, not when a poll sees it
    const shown = await page.waitForFunction(
      (text) => {
        const { document, performance } = globalThis as unknown as InPage;
        return document.body.innerText.includes(text) ? performance.now() : null;
      },
      values['wait-for'],
      { polling: 'raf', timeout: 120_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    // plain data out of the page (tsx's helpers do not exist there): the sums are made here
    const timing = await page.evaluate(() => {
      const { performance } = globalThis as unknown as InPage;
      return {
        domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
        resources: performance.getEntriesByType('resource').map((entry) => ({
          pathName: new URL(entry.name).pathname,
          startTime: entry.startTime,
          responseEnd: entry.responseEnd,
        })),
      };
    });
    const times = summarize(timing.domContentLoaded ?? NaN, timing.resources, shownAt);
    return values.click ? { ...times, ...(await clickThrough(page)) } : times;
  } finally {
    await context.close();
  }
}

const product = await startSignedInProduct({ name: 'page-load' });
const browser = await launchBrowser();
try {
  const workspace = (await callApi(product.url, product.access, 'POST', '/api/users/me/groups/', {
    name: 'Bench farm',
  })) as { id: number };
  for (let index = 1; index <= Number(values.printers); index += 1) {
    await addBenchPrinter(product, workspace.id, `Bench printer ${index}`);
  }
  // one load first, not counted: the server's and the browser's first-use costs
  await loadOnce(browser, product.url, workspace.id);
  const loads: LoadTimes[] = [];
  for (let index = 0; index < Number(values.loads); index += 1) {
    loads.push(await loadOnce(browser, product.url, workspace.id));
  }
  const rows = Object.keys(loads[0]!) as (keyof LoadTimes)[];
  console.log(
    `page load of ${values.path}: ${loads.length} loads, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const row of rows) {
    const sorted = loads.map((load) => load[row] ?? NaN).sort((a, b) => a - b);
    const unit = row === 'assetFiles' || row === 'publicConfigRequests' ? '' : ' ms';
    console.log(
      `${row.padEnd(18)} median ${percentile(sorted, 50).toFixed(0)}${unit}, ` +
        `min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}`,
    );
  }
} finally {
  await browser.close();
  await product.stop();
}
