import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import {
  expectNotification,
  expectState,
  printerCard,
  readActualTemperature,
} from './support/printers-ui.js';
import { addFakePrinter, createAdmin, openAs, type Member } from './support/printers-world.js';
import { expectHidden, expectPath, expectVisible } from './support/ui.js';

describe('controlling printers', () => {
  const fixture = useAppAndBrowser({ cliHost: true });
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  let count = 0;
  const setUp = async (options: Parameters<typeof addFakePrinter>[2]) => {
    const admin: Member = await createAdmin(fixture.app, `operator${++count}@example.com`);
    const printer = await addFakePrinter(fixture.app, admin, options);
    devices.push(printer.device);
    const page = await fixture.openPage();
    return { admin, printer, page };
  };

  it('heats the bed from the controls and the card shows the temperature rising', async () => {
    const { admin, printer, page } = await setUp({ name: 'Prusa', driver: 'octoprint' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}?activeTab=controls`);
    await page.getByLabel('Bed target').fill('60');
    await page.getByRole('button', { name: 'Set' }).nth(1).click();
    await expect.poll(() => printer.device.bed.target).toBe(60);
    // where the bed stood when it was told to heat: the card is read after a page change, by
    // which time a loaded machine may have heated it most of the way (it rises 10 °C a tick)
    const before = printer.device.bed.actual;

    await page.getByRole('link', { name: 'Back to printers' }).click();
    const card = printerCard(page, 'Prusa');
    await expectVisible(card.getByText(/\/60\.0 °C/));
    await expect
      .poll(() => readActualTemperature(card, 'bed'), { timeout: 15_000 })
      .toBeGreaterThan(before + 15);
  });

  it('tells that a move needs homing first, then homes and moves', async () => {
    const { admin, printer, page } = await setUp({ name: 'Mover', driver: 'octoprint' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}?activeTab=controls`);
    await page.getByRole('button', { name: 'Move X +10 mm' }).click();
    await expectNotification(page, 'Move error', 'Must home axis first.');
    // Chromium re-sends a request answered 408 on a kept-alive connection; the request's
    // Idempotency-Key makes the server answer those re-sends without asking the printer again.
    const moves = () => printer.device.received.filter((c) => c.name === 'move_head').length;
    expect(moves()).toBe(1);

    await page.getByRole('button', { name: 'Home all' }).click();
    await expect.poll(() => printer.device.received.some((c) => c.name === 'home_head')).toBe(true);
    await page.getByRole('button', { name: 'Move X +10 mm' }).click();
    await expect.poll(() => printer.device.position.x).toBe(10);
    expect(moves()).toBe(2);
  });

  it('pauses, resumes and cancels a running print', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Busy',
      driver: 'octoprint',
      tickMs: 2000,
    });
    printer.device.startJob('gearbox.gcode');
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Busy');
    await expectState(card, 'PRINTING');
    await expectVisible(card.getByText('gearbox.gcode'));
    await card.getByRole('link', { name: 'Pause' }).click();
    await expectPath(page, `/printers/${printer.id}`);

    const header = page.locator('main');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expectState(header, 'PAUSED');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expectState(header, 'PRINTING');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // the way out says what it does: not a second "Cancel" beside "Cancel print"
    const confirm = page.getByRole('dialog');
    await expectVisible(confirm.getByRole('button', { name: 'Keep printing' }));
    await expectHidden(confirm.getByRole('button', { name: 'Cancel', exact: true }));
    await confirm.getByRole('button', { name: 'Cancel print' }).click();
    await expectState(header, 'READY_TO_PRINT');
    expect(printer.device.job).toBeNull();
  });

  it('sends a console command and a macro to a Klipper printer', async () => {
    const { admin, printer, page } = await setUp({ name: 'Voron', driver: 'moonraker' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}?activeTab=klipper`);
    const console = page.getByTestId('klipper-console');
    await page.getByRole('textbox', { name: 'Command' }).fill('M105');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectVisible(console.getByText('> M105'));
    await page.getByRole('button', { name: 'PARK_HEAD' }).click();
    await expectVisible(console.getByText('> PARK_HEAD'));
    expect(printer.device.consoleHistory.map((entry) => entry.message)).toEqual([
      'M105',
      'ok',
      'PARK_HEAD',
      'ok',
    ]);
  });

  it('explains a Klipper error and restarts the firmware, closing the dialog after 2 s', async () => {
    const { admin, printer, page } = await setUp({ name: 'Crashed', driver: 'moonraker' });
    printer.device.setKlipperError('Timer too close');
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    await expectState(page.locator('main'), 'ERROR');
    await page.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Printer error: Crashed' });
    await expectVisible(dialog.getByText('MCU "mcu" shutdown: Timer too close'));
    await dialog.getByRole('button', { name: 'Restart firmware' }).click();
    await expectVisible(dialog.getByText('FIRMWARE_RESTART was sent to the printer.'));
    await expectHidden(dialog);
    expect(printer.device.received).toContainEqual({
      name: 'send_command',
      commands: ['FIRMWARE_RESTART'],
    });
    await expectState(page.locator('main'), 'READY_TO_PRINT');
  });

  it('shows a changing camera image that comes back after the device drops', async () => {
    const { admin, printer, page } = await setUp({ name: 'Watched', driver: 'pill' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const camera = page.getByTestId('camera');
    const image = camera.getByRole('img', { name: 'Camera image' });
    await expectVisible(image);
    const firstSource = await image.getAttribute('src');

    printer.device.tool.target = 200;
    await expect.poll(() => image.getAttribute('src'), { timeout: 15_000 }).not.toBe(firstSource);

    await printer.device.drop();
    await expect
      .poll(() => camera.getAttribute('data-status'), { timeout: 15_000 })
      .toBe('connecting');
    await expectState(page.locator('main'), 'NOT_CONNECTED_TO_PROXY_SERVER');
    await printer.device.connect();
    await expect.poll(() => camera.getAttribute('data-status'), { timeout: 15_000 }).toBe('ok');
    await expectVisible(image);
  });

  it('opens the camera fullscreen, closes it with Escape, and blocks it while downloading', async () => {
    const { admin, printer, page } = await setUp({ name: 'Framed', driver: 'pill' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const fullscreen = page.getByRole('button', { name: 'Fullscreen' });
    await fullscreen.click();
    const dialog = page.getByRole('dialog', { name: 'Framed' });
    await expectVisible(dialog.getByRole('img', { name: 'Camera image' }));
    await page.keyboard.press('Escape');
    await expectHidden(dialog);

    printer.device.downloadProgress = 40;
    printer.device.pushState();
    await expectVisible(page.getByText('Downloading print file: 40%').first());
    await expect
      .poll(() => page.getByTestId('camera').getAttribute('data-status'))
      .toBe('downloading');
    expect(await fullscreen.isDisabled()).toBe(true);
  });

  it('powers printers off and on again with the bulk action, one by one', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Relay one',
      driver: 'octoprint',
      hasPowerRelay: true,
    });
    const second = await addFakePrinter(fixture.app, admin, {
      name: 'Relay two',
      driver: 'moonraker',
      hasPowerRelay: true,
    });
    const plain = await addFakePrinter(fixture.app, admin, { name: 'No relay', driver: 'pill' });
    devices.push(second.device, plain.device);
    await openAs(page, fixture.app, admin, '/printers');
    await expectState(printerCard(page, 'Relay two'), 'READY_TO_PRINT');

    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Turn off' }).click();
    await expectVisible(printerCard(page, 'No relay').getByText('Action not available'));
    await page.getByRole('checkbox', { name: 'Select Relay one' }).check();
    await page.getByRole('checkbox', { name: 'Select Relay two' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    // the task list waits in the header, hiding nothing, and opens on a click
    await page.getByTestId('background-tasks-button').click();
    const tasks = page.getByTestId('background-tasks');
    await expectVisible(tasks.getByText('Power off Relay one'));
    await expectVisible(tasks.getByText('Power off Relay two'));
    await expectState(printerCard(page, 'Relay one'), 'PRINTER_NOT_PAIRED');
    await expectState(printerCard(page, 'Relay two'), 'PRINTER_NOT_PAIRED');
    expect(printer.device.isPoweredOn).toBe(false);
    await expect.poll(() => tasks.locator('[data-status="done"]').count()).toBe(2);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Bulk action' }).click();
    await page.getByRole('menuitem', { name: 'Turn on' }).click();
    await page.getByRole('checkbox', { name: 'Select Relay one' }).check();
    await page.getByRole('button', { name: 'Send' }).click();
    await expectState(printerCard(page, 'Relay one'), 'READY_TO_PRINT');
    expect(second.device.isPoweredOn).toBe(false);
    await expectHidden(page.getByTestId('bulk-action-bar'));
  });

  it('offers no emergency stop for a printer that went offline', async () => {
    const { admin, printer, page } = await setUp({ name: 'Gone', driver: 'octoprint' });
    printer.device.startJob('bracket.gcode');
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const stop = page.getByRole('button', { name: 'Emergency stop' });
    await expectVisible(stop);

    await printer.device.drop();
    await expectHidden(stop);
  });
});
