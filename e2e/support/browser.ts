import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that keep the browser from reaching outside this machine. */
const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Flags of `@sparticuz/chromium` meant for serverless sandboxes, not for a faithful test. */
const LAX_PACKAGE_ARGS = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  '--no-zygote',
]);

export interface ChromiumChoice {
  executablePath: string;
  /** Where it came from: `CHROMIUM_PATH`, the system, or the npm package. */
  source: 'env' | 'system' | 'package';
  args: string[];
}

/**
 * The Chromium to drive: `CHROMIUM_PATH` when set, the system's (Debian's) when present, otherwise
 * the headless Chromium that `@sparticuz/chromium` ships inside its npm package — so `npm test`
 * needs nothing installed by hand. `systemPath` is a parameter so the fallback can be tested.
 */
export async function chooseChromium(
  options: { systemPath?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ChromiumChoice> {
  const env = options.env ?? process.env;
  const systemPath = options.systemPath ?? SYSTEM_CHROMIUM;
  if (env.CHROMIUM_PATH)
    return { executablePath: env.CHROMIUM_PATH, source: 'env', args: QUIET_ARGS };
  if (existsSync(systemPath))
    return { executablePath: systemPath, source: 'system', args: QUIET_ARGS };
  const { default: packaged } = await import('@sparticuz/chromium');
  // unpacks once into the temp directory; later calls reuse it
  const executablePath = await packaged.executablePath();
  // the package's flags make it run headless without a GPU or /dev/shm; those that would make it
  // kinder than a real browser (no same-origin policy, one process) are left out
  const args = packaged.args.filter((arg) => !LAX_PACKAGE_ARGS.has(arg));
  return { executablePath, source: 'package', args: [...args, ...QUIET_ARGS] };
}

/** Headless Chromium (see chooseChromium), with nothing that reaches outside this machine. */
export async function launchBrowser(options: { systemPath?: string } = {}): Promise<Browser> {
  const choice = await chooseChromium(options);
  return chromium.launch({
    executablePath: choice.executablePath,
    headless: true,
    args: choice.args,
  });
}

/** Where the browser suite's global set-up serves its one Chromium (browser-server.global-setup.ts). */
export const BROWSER_SERVER_ENV = 'PRINTDECK_E2E_BROWSER_WS';
/** …and the process id of that Chromium, for the timing log. */
export const BROWSER_PID_ENV = 'PRINTDECK_E2E_BROWSER_PID';

/**
 * The run's shared Chromium when the global set-up started one (each file then opens its own
 * contexts in it), else one of its own. Closing a connected browser closes its contexts only.
 */
export async function openBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_SERVER_ENV];
  if (!endpoint) return launchBrowser();
  return chromium.connect(endpoint);
}

export async function newPage(
  browser: Browser,
  options: { locale?: string; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}
