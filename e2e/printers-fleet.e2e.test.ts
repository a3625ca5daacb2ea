import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import {
  restartAgent,
  startSimulatedFleet,
  type Fleet,
  type FleetAgent,
  type FleetPrinter,
} from './support/fleet.js';
import {
  expectNotification,
  expectSettingsPrinter,
  expectState,
  printerCard,
  readActualTemperature,
} from './support/printers-ui.js';
import { createAdmin, createDeviceKey, openAs, type Member } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/**
 * The printers area against the simulated fleet: a virtual OctoPrint, a virtual Moonraker
 * and a pill, each driven by the real agent, added through the browser.
 */
describe('printers area with the simulated fleet', () => {
  const fixture = useAppAndBrowser();
  let admin: Member;
  let fleet: Fleet;
  const agents: FleetAgent[] = [];
  const ids: Record<'octoprint' | 'moonraker' | 'pill', number> = {
    octoprint: 0,
    moonraker: 0,
    pill: 0,
  };
  const printer = (kind: FleetPrinter['kind']) => fleet.printers.find((p) => p.kind === kind)!;

  /** A G-code long enough to pause, resume and cancel while it prints. */
  const longGcode = () =>
    Buffer.from(
      ['G28', 'G90', ...Array.from({ length: 4000 }, (_, i) => `G1 X${i % 200} Y${i % 150} F3000`)]
        .join('\n')
        .concat('\n'),
    );

  const addThroughSettings = async (page: Page, choice: RegExp, name: string, key: string) => {
    await page.goto(`${fixture.app.url}/settings/printers`);
    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: choice }).click();
    await page.getByLabel('Printer name').fill(name);
    await page.getByLabel('Device key').fill(key);
    await page.getByRole('button', { name: 'Add printer' }).click();
    // a Klipper device: its agent's install command first
    if (String(choice).includes('Klipper'))
      await page.getByRole('button', { name: 'Done' }).click();
    await expectSettingsPrinter(page, name);
  };

  beforeAll(async () => {
    admin = await createAdmin(fixture.app, 'fleet@example.com');
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.stop()));
    await fleet?.close();
  });

  it('adds an OctoPrint, a Klipper and a pill with device keys and watches them come online', async () => {
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, '/settings/printers');
    const klipperKey = await createDeviceKey(fixture.app, admin);
    const pillKey = await createDeviceKey(fixture.app, admin);
    await addThroughSettings(page, /Klipper device/, 'Klipper 1', klipperKey);
    await addThroughSettings(page, /Printdeck pill/, 'Pill 1', pillKey);

    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /OctoPrint device/ }).click();
    await page.getByLabel('Printer name').fill('OctoPrint 1');
    await page.getByLabel('OctoPrint API key').fill('from-the-simulator');
    await page.getByRole('button', { name: 'Continue' }).click();
    const octoKey = (await page.getByTestId('new-device-key').innerText()).trim();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');

    fleet = await startSimulatedFleet({
      server: fixture.app.url,
      counts: { octoprint: 1, moonraker: 1, pill: 1 },
      keys: [octoKey, klipperKey, pillKey],
      speed: 4,
    });
    await page.goto(`${fixture.app.url}/printers`);
    for (const name of ['OctoPrint 1', 'Klipper 1', 'Pill 1']) {
      await expectState(printerCard(page, name), 'READY_TO_PRINT', 30_000);
    }
    for (const [kind, name] of [
      ['octoprint', 'OctoPrint 1'],
      ['moonraker', 'Klipper 1'],
      ['pill', 'Pill 1'],
    ] as const) {
      const link = printerCard(page, name).getByRole('link', { name, exact: true });
      ids[kind] = Number((await link.getAttribute('href'))!.split('/').at(-1));
    }
    // three add-printer flows, then three devices each waited for up to 30 s: on a loaded CI
    // machine (three browser workers on two cores) more than the project's 60 s per test
  }, 150_000);

  it('heats the bed from the controls and the card shows it rising', async () => {
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'OctoPrint 1');
    await expect.poll(() => readActualTemperature(card, 'bed')).toBeLessThan(40);
    const first = await readActualTemperature(card, 'bed');

    await page.goto(`${fixture.app.url}/printers/${ids.octoprint}?activeTab=controls`);
    await page.getByLabel('Bed target').fill('70');
    await page.getByRole('button', { name: 'Set' }).nth(1).click();
    await page.getByRole('link', { name: 'Back to printers' }).click();
    await expectVisible(card.getByText(/\/70\.0 °C/));
    await expect
      .poll(() => readActualTemperature(card, 'bed'), { timeout: 20_000 })
      .toBeGreaterThan(first + 10);
  });

  it('refuses to move before homing, then homes and moves', async () => {
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, `/printers/${ids.moonraker}?activeTab=controls`);
    await page.getByRole('button', { name: 'Move Y +10 mm' }).click();
    await expectNotification(page, 'Move error', 'Must home axis first.');
    await page.getByRole('button', { name: 'Home all' }).click();
    const toolhead = printer('moonraker').sim.printer.toolhead;
    await expect.poll(() => toolhead.position.y, { timeout: 15_000 }).toBe(0);
    await page.getByRole('button', { name: 'Move Y +10 mm' }).click();
    await expect.poll(() => toolhead.position.y, { timeout: 15_000 }).toBe(10);
  });

  it('prints a file stored on the printer, then pauses, resumes and cancels it', async () => {
    const sim = printer('octoprint').sim;
    sim.printer.files.put('long-job.gcode', longGcode(), Date.now() / 1000);
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, `/printers/${ids.octoprint}?activeTab=files`);
    await page
      .getByRole('row', { name: /long-job\.gcode/ })
      .getByRole('button', { name: 'Print' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Print' }).click();
    const main = page.locator('main');
    await expectState(main, 'PRINTING', 30_000);

    await page.getByRole('tab', { name: 'Controls' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expectState(main, 'PAUSED', 30_000);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expectState(main, 'PRINTING', 30_000);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel print' }).click();
    await expectState(main, 'READY_TO_PRINT', 30_000);
  });

  it('sends a console command and runs a macro on Klipper', async () => {
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, `/printers/${ids.moonraker}?activeTab=klipper`);
    const console = page.getByTestId('klipper-console');
    await page.getByRole('textbox', { name: 'Command' }).fill('M115');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(console.getByText('> M115'));
    await page.getByRole('button', { name: 'TURN_OFF_MOTORS' }).click();
    await expectVisible(console.getByText('> TURN_OFF_MOTORS'));
    expect(await page.getByRole('button', { name: '_CLIENT_VARIABLE' }).count()).toBe(0);
  });

  it('shows a camera image that changes and survives the device dropping off', async () => {
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, `/printers/${ids.pill}`);
    const camera = page.getByTestId('camera');
    const image = camera.getByRole('img', { name: 'Camera image' });
    await expectVisible(image);
    const before = await image.getAttribute('src');
    printer('pill').sim.printer.setHeaterTarget(printer('pill').sim.printer.extruder, 200);
    await expect.poll(() => image.getAttribute('src'), { timeout: 20_000 }).not.toBe(before);

    const pill = printer('pill');
    await pill.agent.stop();
    await expectState(page.locator('main'), 'NOT_CONNECTED_TO_PROXY_SERVER', 20_000);
    await expect
      .poll(() => camera.getAttribute('data-status'), { timeout: 15_000 })
      .toBe('connecting');
    agents.push(await restartAgent(fixture.app.url, pill));
    await expectState(page.locator('main'), 'READY_TO_PRINT', 30_000);
    await expect.poll(() => camera.getAttribute('data-status'), { timeout: 20_000 }).toBe('ok');
    await expectVisible(image);
  });

  it('powers the Klipper printer off and on through the bulk action', async () => {
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Klipper 1');
    await expectState(card, 'READY_TO_PRINT', 30_000);
    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Turn off' }).click();
    await page.getByRole('checkbox', { name: 'Select Klipper 1' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectState(card, 'PRINTER_NOT_PAIRED', 30_000);
    expect(printer('moonraker').sim.printer.isPowered).toBe(false);

    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Turn on' }).click();
    await page.getByRole('checkbox', { name: 'Select Klipper 1' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectState(card, 'READY_TO_PRINT', 45_000);
    expect(printer('moonraker').sim.printer.isPowered).toBe(true);
  });
});
