import { afterAll, describe, it } from 'vitest';
import { seedEndedJobs } from './support/ended-jobs.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { useAppAndBrowser } from './support/fixture.js';
import { startSimulatedFleet, type Fleet } from './support/fleet.js';
import { expectState } from './support/printers-ui.js';
import { callApi, createAdmin, createDeviceKey, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';
import { seedPrintWithVideo } from './support/videos-world.js';

/**
 * Screenshots to look at before an issue's note (issue 29): the printer list and the OctoPrint
 * printer's controls with its console; files, queue, videos, public profile, statistics,
 * workspaces, members, invitations and news; English and Czech, light and dark, 1440 and 390 px,
 * into
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

  it('takes the other screens of issue 29', { timeout: 600_000 }, async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'othershots@example.com');
    const g = admin.workspaceId;
    await callApi(app, `/users/me/groups/${g}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { settings: { print_queue_enabled: true } },
    });
    const names = [
      'benchy-lattice-vase-final-version-three_0.4n_0.2mm_PETG_MK4_2h13m.gcode',
      'gear.gcode',
      'hinge-clip.gcode',
    ];
    const files = [];
    for (const name of names)
      files.push(await uploadGcode(app, admin, name, buildPrusaGcode({ filamentType: 'PETG' })));
    for (const file of files)
      await callApi(app, `/groups/${g}/print-queue/`, {
        token: admin.access,
        body: { file: file.id },
      });
    seedPrintWithVideo(app, {
      workspaceId: g,
      username: admin.email,
      fileName: 'lattice-vase.gcode',
      isPublic: true,
    });
    const now = Date.now();
    seedEndedJobs(
      app,
      Array.from({ length: 12 }, (_, i) => ({
        workspaceId: g,
        printerName: i % 2 ? 'Prusa MK4' : 'Voron 2.4',
        username: admin.email,
        startedMs: now - (i + 1) * 86_400_000,
        seconds: 1800 + i * 600,
        outcome: i % 5 === 4 ? ('failed' as const) : ('done' as const),
        grams: 12 + i,
        millimetres: 4000,
        printingTimeSec: 2400,
      })),
    );
    const { uniqueId } = await callApi<{ uniqueId: string }>(app, `/users/me/groups/${g}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { is_public: true },
    });
    // a pending invitation with a long address (the members list shows it)
    await callApi(app, `/groups/${g}/users/`, {
      token: admin.access,
      body: { username: 'maximilian.vonlongname@example-workshop.com' },
    });
    const screens: Array<[string, string]> = [
      ['files', '/gcodes'],
      ['queue', '/print-queue'],
      ['videos', '/timelapse-videos'],
      ['public-profile', `/public/${uniqueId}`],
      ['statistics', '/workspace-stats'],
      ['workspaces', '/settings/workspaces'],
      ['members', `/settings/workspaces/${g}`],
      ['invitations', `/settings/workspaces/${g}/invite-users`],
      ['news', '/news'],
    ];
    for (const locale of ['en-US', 'cs-CZ'])
      for (const colorScheme of ['light', 'dark'] as const)
        for (const width of [1440, 390]) {
          const page = await fixture.openPage({ locale, colorScheme });
          await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
          for (const [index, [name, path]] of screens.entries()) {
            // one sign-in per page: a sign-in per screen trips the sign-in rate limit
            if (index === 0) await openAs(page, app, admin, path);
            else await page.goto(`${app.url}${path}`);
            await expectVisible(page.locator('h1, h2').first());
            // every query answered (the polls leave gaps): what the screen shows has arrived
            await page.waitForLoadState('networkidle').catch(() => undefined);
            await page.screenshot({
              path: `.tmp/shots/${name}-${locale}-${colorScheme}-${width}.png`,
              fullPage: true,
            });
          }
          await page.close();
        }
  });
});
