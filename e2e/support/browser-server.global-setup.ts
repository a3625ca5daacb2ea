import { chromium } from 'playwright-core';
import { BROWSER_SERVER_ENV, chooseChromium } from './browser.js';

/**
 * Vitest global set-up of the browser suite: one headless Chromium for the run, which every
 * file connects to and opens its own browser contexts in (no cookies, storage or cache shared
 * between them), instead of a Chromium started and stopped by each file.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const choice = await chooseChromium();
  const server = await chromium.launchServer({
    executablePath: choice.executablePath,
    headless: true,
    args: choice.args,
  });
  process.env[BROWSER_SERVER_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[BROWSER_SERVER_ENV];
    await server.close();
  };
}
