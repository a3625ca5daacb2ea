import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseChromium, launchBrowser } from './support/browser.js';
import { useAppAndBrowser } from './support/fixture.js';

/**
 * `npm test` needs nothing installed by hand: without a system Chromium the browser suite drives
 * the one `@sparticuz/chromium` ships. CI has Debian's, so this file keeps the other path honest.
 */
describe('the browser the suite drives', () => {
  const fixture = useAppAndBrowser();

  it('is the system Chromium when present, else the packaged one, and CHROMIUM_PATH wins', async () => {
    const present = await chooseChromium({ systemPath: process.execPath, env: {} });
    expect(present).toMatchObject({ source: 'system', executablePath: process.execPath });
    const chosen = await chooseChromium({
      systemPath: process.execPath,
      env: { CHROMIUM_PATH: '/x/chrome' },
    });
    expect(chosen).toMatchObject({ source: 'env', executablePath: '/x/chrome' });
    const absent = await chooseChromium({ systemPath: '/nonexistent/chromium', env: {} });
    expect(absent.source).toBe('package');
    expect(existsSync(absent.executablePath)).toBe(true);
    expect(absent.args).not.toContain('--disable-web-security');
  });

  it("the packaged Chromium renders the built app's sign-in page", async () => {
    const browser = await launchBrowser({ systemPath: '/nonexistent/chromium' });
    try {
      const page = await browser.newPage({ locale: 'en-US' });
      await page.goto(`${fixture.app.url}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
