import type { Browser, Page } from 'playwright-core';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  expect,
  onTestFailed,
  onTestFinished,
} from 'vitest';
import { startAppUnderTest, type AppUnderTest } from './app-under-test.js';
import { BROWSER_PID_ENV, newPage, openBrowser } from './browser.js';
import { readAgentLog } from './fleet.js';
import { isTimingLogOn, logTiming, nameTimingFile, readProcessTreeCpuMs } from './timing-log.js';

/**
 * With shared modules (PRINTDECK_TEST_SHARED_MODULES, vitest.config.ts) one worker process runs
 * file after file: its CPU is counted from the previous file's end (the first file's from the
 * process's start, Vitest's own load included).
 */
let filesInThisWorker = 0;
let cpuAtLastFileEnd: NodeJS.CpuUsage | undefined;

export interface E2eFixture {
  readonly app: AppUnderTest;
  readonly browser: Browser;
  /** A fresh browser context (no storage) for one test; closed when the test ends. */
  openPage(options?: Parameters<typeof newPage>[1]): Promise<Page>;
}

/**
 * One app instance for the whole file and the run's browser (see openBrowser), started side by
 * side; each test gets contexts of its own.
 */
export function useAppAndBrowser(
  options: { env?: () => Record<string, string>; cliHost?: boolean } = {},
): E2eFixture {
  let app: AppUnderTest | undefined;
  let browser: Browser | undefined;
  let starting: Promise<AppUnderTest> | undefined;

  beforeAll(async () => {
    nameTimingFile(expect.getState().testPath ?? 'unknown');
    filesInThisWorker += 1;
    starting = startAppUnderTest({
      ...(options.env ? { env: options.env() } : {}),
      ...(options.cliHost ? { cliHost: true } : {}),
    });
    const [started, launched] = await Promise.allSettled([starting, openBrowser()]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  if (isTimingLogOn) logEachTest(() => app);

  afterAll(async () => {
    // the test's own process: Vitest's worker, the simulated printers, Playwright's client
    const now = process.cpuUsage();
    const { user, system } = cpuAtLastFileEnd ? process.cpuUsage(cpuAtLastFileEnd) : now;
    cpuAtLastFileEnd = now;
    logTiming('test worker CPU at the end of the file', {
      cpuMs: (user + system) / 1000,
      fileOfWorker: filesInThisWorker,
    });
    await browser?.close();
    // a start hook that ran into its bound left the server starting: stop it once it is up,
    // so it does not outlive the run
    const started = app ?? (await starting?.catch(() => undefined));
    await started?.stop();
    // what the file left behind in a process the next file runs in (timers, sockets)
    logTiming('worker resources left after the file', {
      count: process.getActiveResourcesInfo().length,
    });
  });

  const fixture: E2eFixture = {
    get app() {
      if (!app) throw new Error('the app under test has not started');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
    async openPage(options) {
      const { context, page } = await newPage(fixture.browser, options);
      const appUnderTest = fixture.app;
      onTestFailed(() => {
        console.error(`page at failure: ${page.url()}\nserver output:\n${appUnderTest.logs()}`);
        const agents = readAgentLog();
        if (agents) console.error(`simulated fleet's agents:\n${agents}`);
      });
      onTestFinished(() => context.close());
      return page;
    },
  };
  return fixture;
}

/**
 * With the timing log on: each test's wall time beside the CPU that the server (with its CLI
 * host), this worker and Chromium spent meanwhile. What the wall has beyond their sum is time
 * the test waited (a poll, a deadline, a print in real time) or the CPU went to others.
 * Chromium's figure is the whole browser's: with two workers it holds the other file's pages too.
 */
function logEachTest(readApp: () => AppUnderTest | undefined): void {
  const browserPid = Number(process.env[BROWSER_PID_ENV]) || undefined;
  const readCpu = () => {
    const { server, cliHost } = readApp()?.readCpuMs() ?? { server: null, cliHost: null };
    const worker = process.cpuUsage();
    return {
      wallMs: performance.now(),
      serverMs: (server ?? 0) + (cliHost ?? 0),
      workerMs: (worker.user + worker.system) / 1000,
      chromiumMs: readProcessTreeCpuMs(browserPid) ?? 0,
    };
  };
  let atStart: ReturnType<typeof readCpu> | undefined;
  beforeEach(() => {
    atStart = readCpu();
  });
  afterEach((context) => {
    if (!atStart) return;
    const now = readCpu();
    const spent = (key: keyof typeof now) => Math.round(now[key] - atStart![key]);
    const cpuMs = spent('serverMs') + spent('workerMs') + spent('chromiumMs');
    logTiming(`test: ${context.task.name}`, {
      wallMs: spent('wallMs'),
      cpuMs,
      serverCpuMs: spent('serverMs'),
      workerCpuMs: spent('workerMs'),
      chromiumCpuMs: spent('chromiumMs'),
      waitedMs: Math.max(0, spent('wallMs') - cpuMs),
    });
  });
}
