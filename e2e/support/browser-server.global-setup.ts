import { chromium } from 'playwright-core';
import path from 'node:path';
import { BROWSER_PID_ENV, BROWSER_SERVER_ENV, chooseChromium } from './browser.js';
import { bundleCliHost, CLI_HOST_BUNDLE_ENV } from './cli-host-bundle.js';
import { logTiming, readProcessCpuMs } from './timing-log.js';

/**
 * Vitest global set-up of the browser suite: one headless Chromium for the run, which every
 * file connects to and opens its own browser contexts in (no cookies, storage or cache shared
 * between them), instead of a Chromium started and stopped by each file; and the CLI host
 * (cli-host.mjs) bundled once for the files that keep a CLI loaded.
 */
export default async function setup(): Promise<() => Promise<void>> {
  process.env[CLI_HOST_BUNDLE_ENV] = await bundleCliHost(
    path.resolve(import.meta.dirname, '../../.tmp/e2e-cli-host'),
  );
  const choice = await chooseChromium();
  const server = await chromium.launchServer({
    executablePath: choice.executablePath,
    headless: true,
    args: choice.args,
  });
  process.env[BROWSER_SERVER_ENV] = server.wsEndpoint();
  // the timing log's per-test figures count Chromium's CPU (fixture.ts)
  process.env[BROWSER_PID_ENV] = String(server.process().pid);
  return async () => {
    delete process.env[BROWSER_SERVER_ENV];
    delete process.env[BROWSER_PID_ENV];
    delete process.env[CLI_HOST_BUNDLE_ENV];
    logTiming('Chromium CPU at the end of the run', {
      cpuMs: readProcessCpuMs(server.process().pid, { withEndedChildren: true }),
    });
    await server.close();
  };
}
