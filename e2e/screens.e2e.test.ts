import { afterAll, describe, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { startSimulatedFleet, type Fleet } from './support/fleet.js';
import { expectState } from './support/printers-ui.js';
import { callApi, createAdmin, createDeviceKey, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/**
 * Screenshots to look at before an issue's note (issue 29): the printer list and the OctoPrint
 * printer's controls with its console, English and Czech, light and dark, 1440 and 390 px, into
 * `.tmp/shots/` (not committed). Runs only when asked: `SCREENSHOTS=1 npx vitest run --project
 * e2e e2e/screens.e2e.test.ts`.
 */
describe.skipIf(!process.env.SCREENSHOTS)('screens', () => {
  const fixture = useAppAndBrowser();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });
  it('takes them', { timeout: 300_000 }, async () => {
    const admin = await createAdmin(fixture.app, 'shots@example.com');
    const key = await createDeviceKey(fixture.app, admin);
    const printer = await callApi<{ id: number }>(fixture.app, '/printers/', {
      token: admin.access,
      body: {
        group: admin.workspaceId,
        name: 'Prusa MK4 with a rather long OctoPrint name',
        token: key,
      },
    });
    fleet = await startSimulatedFleet({
      server: fixture.app.url,
      counts: { octoprint: 1 },
      keys: [key],
      speed: 60,
    });
    const screens: Array<[string, string]> = [
      ['list', '/printers'],
      ['controls', `/printers/${printer.id}?activeTab=controls`],
    ];
    for (const locale of ['en-US', 'cs-CZ'])
      for (const colorScheme of ['light', 'dark'] as const)
        for (const width of [1440, 390]) {
          const page = await fixture.openPage({ locale, colorScheme });
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          for (const [name, path] of screens) {
            await openAs(page, fixture.app, admin, path);
            await expectState(page.locator('main'), 'READY_TO_PRINT', 30_000);
            if (name === 'controls') {
              await page.getByRole('textbox').last().fill('M115');
              await page
                .locator('main')
                .getByRole('button', { name: /Send|Odeslat/ })
                .click();
              await expectVisible(page.getByText(/FIRMWARE_NAME/).last());
              await page.getByRole('log').scrollIntoViewIfNeeded();
            }
            await page.screenshot({
              path: `.tmp/shots/${name}-${locale}-${colorScheme}-${width}.png`,
            });
          }
          await page.close();
        }
  });
});
