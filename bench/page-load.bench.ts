/**
 * The first page load of a signed-in person (issue 27, branch `loaders`): opens a page of the
 * built app in a fresh browser context again and again and reads the page's own resource timing:
 * when the document was parsed, how many script and style files it loaded, when the start calls
 * (`public-config`, the token refresh) and the page's first data were answered, and when the
 * page showed that data.
 *
 *   npm run bench:page-load -- --loads 8 --path /printers --wait-for 'Bench printer 1'
 *
 * It measures whatever apps/web/dist holds: build (or copy) the two versions to compare in turn.
 * Wall-clock figures: name the load (`cat /proc/loadavg`) beside them.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.js';
import { BENCH_USER, callApi, percentile, startSignedInProduct } from './bench-helpers.js';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '8' },
    path: { type: 'string', default: '/printers' },
    // text the page shows once its first data arrived
    'wait-for': { type: 'string', default: 'Bench printer 1' },
    // the API path of the page's first data (answered before the text shows)
    'data-path': { type: 'string', default: '/printers/' },
    printers: { type: 'string', default: '3' },
  },
});

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
      window.localStorage.setItem('printdeck.session', '1');
      window.localStorage.setItem('printdeck.groupId', String(id));
    }, workspaceId);
    const page = await context.newPage();
    await page.goto(`${url}${values.path}`);
    // checked every frame in the page: the moment the text is there, not when a poll sees it
    const shown = await page.waitForFunction(
      (text) => (document.body.innerText.includes(text) ? performance.now() : null),
      values['wait-for'],
      { polling: 'raf', timeout: 120_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    // plain data out of the page (tsx's helpers do not exist there): the sums are made here
    const timing = await page.evaluate(() => ({
      domContentLoaded: performance
        .getEntriesByType('navigation')
        .map((entry) => (entry as PerformanceNavigationTiming).domContentLoadedEventEnd)[0],
      resources: performance.getEntriesByType('resource').map((entry) => ({
        pathName: new URL(entry.name).pathname,
        startTime: entry.startTime,
        responseEnd: (entry as PerformanceResourceTiming).responseEnd,
      })),
    }));
    return summarize(timing.domContentLoaded ?? NaN, timing.resources, shownAt);
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
    const { token } = (await callApi(
      product.url,
      product.access,
      'POST',
      '/api/device_keys/',
      {},
    )) as {
      token: string;
    };
    await callApi(product.url, product.access, 'POST', '/api/printers/', {
      group: workspace.id,
      name: `Bench printer ${index}`,
      token,
    });
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
    const sorted = loads.map((load) => load[row]).sort((a, b) => a - b);
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
