import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectPath, readUserMenu } from './support/ui.js';

/** Issue 15 item 18: a signed-in member who mistypes an address keeps the app around the 404. */
describe('the 404 page', () => {
  const fixture = useAppAndBrowser();

  it('keeps the navigation and the user menu for a signed-in member', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'lost@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/no-such-page');
    await expectHeading(page, 'Page not found');
    expect(await page.title()).toBe('Page not found · Printdeck');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'G-codes' }).count()).toBe(1);
    expect(await readUserMenu(page)).toContain('Settings');
    await banner.getByRole('link', { name: 'G-codes' }).click();
    await expectPath(page, '/gcodes');
  });

  it('in Czech, too', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'ztraceny@example.com');
    const page = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(page, app, admin, '/settings/nic-takoveho/tu-neni');
    await expectHeading(page, 'Stránka nenalezena');
    expect(await page.getByRole('banner').count()).toBe(1);
  });

  it('stays bare for a visitor who is not signed in, with the way to the Dashboard', async () => {
    const page = await fixture.openPage();
    await page.goto(`${fixture.app.url}/no-such-page`);
    await expectHeading(page, 'Page not found');
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expectPath(page, '/login');
  });
});
