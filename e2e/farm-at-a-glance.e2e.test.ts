import { afterAll, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { printerCard } from './support/printers-ui.js';
import {
  addFakePrinter,
  callApi,
  createAdmin,
  createDeviceKey,
  openAs,
} from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

describe('farm at a glance', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
  });

  it("the dashboard's counts match the printers' states, their links filter the list, and the job ending soonest comes first", async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'farm@example.com');
    // a slow model: the jobs stay where they are put
    const add = async (name: string, driver: 'octoprint' | 'moonraker' = 'octoprint') => {
      const printer = await addFakePrinter(app, admin, { name, driver, tickMs: 600_000 });
      devices.push(printer.device);
      return printer.device;
    };
    const long = await add('Long print');
    long.job = { fileName: 'castle.gcode', completion: 10, phase: 'printing' };
    long.pushState();
    const short = await add('Short print');
    short.job = { fileName: 'benchy.gcode', completion: 90, phase: 'printing' };
    short.pushState();
    const paused = await add('Paused one');
    paused.job = { fileName: 'vase.gcode', completion: 50, phase: 'paused' };
    paused.pushState();
    await add('Ready one');
    const broken = await add('Broken one', 'moonraker');
    broken.hasKlipperError = true;
    broken.pushState();
    // a printer whose device never came online
    await callApi(app, '/printers/', {
      token: admin.access,
      body: {
        group: admin.workspaceId,
        name: 'Never online',
        token: await createDeviceKey(app, admin),
      },
    });

    const page = await fixture.openPage();
    await openAs(page, app, admin, '/');
    const count = (status: string) =>
      page.getByTestId(`farm-count-${status}`).getByTestId('farm-count').innerText();
    await expect.poll(() => count('printing')).toBe('2');
    expect(await count('ready')).toBe('1');
    expect(await count('paused')).toBe('1');
    expect(await count('error')).toBe('1');
    expect(await count('offline')).toBe('1');

    // the job with the least time left first, with its remaining time
    const finishing = page.getByTestId('farm-finishing-job');
    await expect.poll(() => finishing.count()).toBe(2);
    expect(await finishing.nth(0).innerText()).toMatch(/Short print[\s\S]*1 min 00 s left/);
    expect(await finishing.nth(1).innerText()).toMatch(/Long print[\s\S]*9 min 00 s left/);

    // each count leads to the printers list filtered to those printers, in the URL
    await page.getByTestId('farm-count-printing').click();
    await expectPath(page, '/printers');
    expect(new URL(page.url()).searchParams.get('state')).toBe('printing');
    // the dashboard shows these cards too until the list's chunk has loaded: wait for the list
    await expect.poll(() => page.getByTestId('printer-card').count()).toBe(2);
    await expectVisible(printerCard(page, 'Short print'));
    await expectVisible(printerCard(page, 'Long print'));

    await page.goto(`${app.url}/printers?state=error`);
    await expectVisible(printerCard(page, 'Broken one'));
    await expect.poll(() => page.getByTestId('printer-card').count()).toBe(1);

    await page.goto(`${app.url}/`);
    await page.getByTestId('farm-count-offline').click();
    // the dashboard shows the same card: wait for the filtered list, not the card alone
    await expectPath(page, '/printers');
    await expectVisible(printerCard(page, 'Never online'));
    await expect.poll(() => page.getByTestId('printer-card').count()).toBe(1);

    // clearing the filter shows every printer again
    await page.getByRole('button', { name: 'Show all printers' }).click();
    await expect.poll(() => page.getByTestId('printer-card').count()).toBe(6);
    expect(new URL(page.url()).searchParams.get('state')).toBeNull();
  });
});
