import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { startSimulatedFleet, type Fleet } from './support/fleet.js';
import { expectState } from './support/printers-ui.js';
import { callApi, createAdmin, createDeviceKey, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

const PHONE = { width: 390, height: 844 };

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The OctoPrint printer's console (issue 29): a virtual OctoPrint driven by the real agent;
 * the printer's answers to typed commands show in the Commands box, without temperature reports.
 */
describe('the console of an OctoPrint printer', () => {
  const fixture = useAppAndBrowser();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });

  it('shows the reply to a typed M115, tells a refused command inline, in English and Czech on a phone', async () => {
    const admin = await createAdmin(fixture.app, 'console@example.com');
    const key = await createDeviceKey(fixture.app, admin);
    const printer = await callApi<{ id: number }>(fixture.app, '/printers/', {
      token: admin.access,
      body: { group: admin.workspaceId, name: 'Prusa with OctoPrint', token: key },
    });
    // at 60× the virtual printer reports its temperatures many times a second
    fleet = await startSimulatedFleet({
      server: fixture.app.url,
      counts: { octoprint: 1 },
      keys: [key],
      speed: 60,
    });
    const path = `/printers/${printer.id}`;
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, `${path}?activeTab=controls`);
    await expectState(page.locator('main'), 'READY_TO_PRINT', 30_000);

    const console_ = page.getByRole('log', { name: 'Console' });
    await page.getByLabel('G-code commands').fill('M115');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(console_.getByText('> M115'));
    await expectVisible(console_.getByText(/FIRMWARE_NAME:Virtual Marlin 1\.0/));
    // the reports keep coming while the console is open; it shows none of them
    expect(await console_.getByText(/T:\d/).count()).toBe(0);
    expect(await console_.getByText(/^\S+ ok$/).count()).toBe(0);

    // a command the printer does not know: its words where it was typed, the page stays
    await page.getByLabel('G-code commands').fill('FOO');
    await page.getByRole('button', { name: 'Send' }).click();
    const refusal = page.getByTestId('console-refusal');
    await expectVisible(refusal.getByText('The printer refused the command', { exact: true }));
    await expectVisible(refusal.getByText(/Unknown command: "FOO"/));
    await expectVisible(console_.getByText('echo:Unknown command: "FOO"'));
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectPath(page, path);

    // in Czech on a phone: the same console, and nothing runs off to the side
    const phone = await fixture.openPage({ locale: 'cs-CZ' });
    await phone.setViewportSize(PHONE);
    await openAs(phone, fixture.app, admin, `${path}?activeTab=controls`);
    const konzole = phone.getByRole('log', { name: 'Konzole' });
    await expectVisible(konzole.getByText(/FIRMWARE_NAME:Virtual Marlin 1\.0/));
    await konzole.scrollIntoViewIfNeeded();
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0);
  });
});
