import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { uploadGcode } from './support/files-world.js';
import { countPageRequests } from './support/page-clock.js';
import { useAppAndBrowser } from './support/fixture.js';
import { expectState, printerCard } from './support/printers-ui.js';
import {
  addFakePrinter,
  callApi,
  createAdmin,
  openAs,
  type Member,
} from './support/printers-world.js';
import { expectHidden, expectVisible } from './support/ui.js';

describe('what a printer shows in each of its states', () => {
  const fixture = useAppAndBrowser({ cliHost: true });
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  let count = 0;
  const setUp = async (options: Parameters<typeof addFakePrinter>[2], locale = 'en-US') => {
    const admin: Member = await createAdmin(fixture.app, `states${++count}@example.com`);
    const printer = await addFakePrinter(fixture.app, admin, options);
    devices.push(printer.device);
    const page = await fixture.openPage({ locale });
    return { admin, printer, page };
  };

  it('names who started the job, and a finished job reads finished, not printing', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Prusa',
      driver: 'octoprint',
      tickMs: 600_000,
    });
    const gcode = await uploadGcode(fixture.app, admin, 'gear.gcode');
    await callApi(fixture.app, `/printers/${printer.id}/files/`, {
      token: admin.access,
      body: { file_id: gcode.id, print: true, make_video: false },
    });
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Prusa');
    await expectState(card, 'PRINTING');
    await expectVisible(card.getByText('gear.gcode'));
    await expectVisible(card.getByText(`Started by ${admin.email}`));

    await card.getByRole('link', { name: 'Prusa', exact: true }).click();
    const job = page.getByTestId('printer-job');
    await expectVisible(job.getByText(`Started by ${admin.email}`));
    await expectVisible(job.getByText(/Time left/));

    printer.device.finishJob();
    await expectState(page.locator('main'), 'READY_TO_PRINT');
    await expectVisible(job.getByTestId('job-finished').getByText('Finished'));
    await expectHidden(job.getByText(/Time left/));
    expect(await job.locator('.mantine-Progress-section').getAttribute('data-animated')).toBeNull();

    await page.getByRole('link', { name: 'Back to printers' }).click();
    await expectVisible(card.getByTestId('job-finished').getByText('Finished'));
  });

  it('tells in the print history why a job ended, in English and Czech', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Failing',
      driver: 'octoprint',
      tickMs: 600_000,
    });
    const gcode = await uploadGcode(fixture.app, admin, 'vase.gcode');
    await callApi(fixture.app, `/printers/${printer.id}/files/`, {
      token: admin.access,
      body: { file_id: gcode.id, print: true, make_video: false },
    });
    await expect.poll(() => printer.device.job?.fileName).toBe('vase.gcode');
    printer.device.failJob('Heater extruder not heating at expected rate');

    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const row = page.getByTestId('printer-print-history').getByTestId('print-job');
    await expect.poll(() => row.getAttribute('data-outcome')).toBe('failed');
    await expectVisible(
      row.getByText('The printer said: Heater extruder not heating at expected rate'),
    );

    const czech = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(czech, fixture.app, admin, `/printers/${printer.id}`);
    const czechRow = czech.getByTestId('printer-print-history').getByTestId('print-job');
    await expectVisible(
      czechRow.getByText('Tiskárna hlásí: Heater extruder not heating at expected rate'),
    );
  });

  it('says in Czech who started the job and that it finished', async () => {
    const { admin, printer, page } = await setUp(
      { name: 'Průša', driver: 'octoprint', tickMs: 600_000 },
      'cs-CZ',
    );
    const gcode = await uploadGcode(fixture.app, admin, 'kolo.gcode');
    await callApi(fixture.app, `/printers/${printer.id}/files/`, {
      token: admin.access,
      body: { file_id: gcode.id, print: true, make_video: false },
    });
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Průša');
    await expectVisible(card.getByText(`Spustil(a) ${admin.email}`));
    printer.device.finishJob();
    await expectVisible(card.getByTestId('job-finished').getByText('Dokončeno'));
  });

  it('shows an offline printer’s last known values as such, with their age, and disables its controls', async () => {
    const { admin, printer, page } = await setUp({ name: 'Gone', driver: 'octoprint' });
    printer.device.tool.target = 200;
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const connection = page.getByTestId('printer-connection');
    await expectVisible(connection.getByText('Connected to the printer'));
    await expectVisible(page.getByText(/\/200\.0 °C/).first());

    await printer.device.drop();
    await expectState(page.locator('main'), 'NOT_CONNECTED_TO_PROXY_SERVER');
    await expectVisible(page.getByTestId('offline-notice').getByText(/last seen seconds ago/));
    await expectVisible(connection.getByText('No, last seen seconds ago'));
    await expectVisible(connection.getByText('Not known while the device is offline'));
    await expectHidden(connection.getByText('Yes', { exact: true }));
    await expectVisible(
      page.getByTestId('temperatures-last-known').getByText('Last known, seconds ago'),
    );
    await expectHidden(page.getByRole('button', { name: 'Disconnect' }));
    // the camera says the device is offline, then stops asking until it is back
    const camera = page.getByTestId('camera');
    await expect
      .poll(() => camera.getAttribute('data-offline-reason'), { timeout: 20_000 })
      .toBe('deviceOffline');
    await expectVisible(camera.getByText('Printer offline: no camera image'));

    await page.getByRole('tab', { name: 'Controls' }).click();
    for (const name of ['Home all', 'Fan on', 'Fan off']) {
      expect(await page.getByRole('button', { name }).isDisabled()).toBe(true);
    }
    for (const set of await page.getByRole('button', { name: 'Set' }).all()) {
      expect(await set.isDisabled()).toBe(true);
    }

    await printer.device.connect();
    await expectState(page.locator('main'), 'READY_TO_PRINT');
    await expectHidden(page.getByTestId('offline-notice'));
    expect(await page.getByRole('button', { name: 'Fan on' }).isDisabled()).toBe(false);
  });

  it('stops asking an offline Klipper printer for its console and keeps the last lines', async () => {
    const { admin, printer, page } = await setUp({ name: 'Klipper', driver: 'moonraker' });
    const consoleRequests = await countPageRequests(page, '/klipper-gcode-store/');
    await openAs(page, fixture.app, admin, `/printers/${printer.id}?activeTab=klipper`);
    await page.getByRole('textbox', { name: 'Command' }).fill('M105');
    await page.getByRole('button', { name: 'Send' }).click();
    const console = page.getByTestId('klipper-console');
    await expectVisible(console.getByText('> M105'));

    // online, the console asks again within three seconds of the page's clock
    await consoleRequests.pause();
    const online = await consoleRequests.count();
    await consoleRequests.advance(3_000);
    expect(await consoleRequests.count()).toBeGreaterThan(online);
    await consoleRequests.resume();

    await printer.device.drop();
    await expectState(page.locator('main'), 'NOT_CONNECTED_TO_PROXY_SERVER');
    // offline, it does not ask in the next ten seconds of the page's clock
    await consoleRequests.pause();
    const offline = await consoleRequests.count();
    await consoleRequests.advance(10_000);
    expect(await consoleRequests.count()).toBe(offline);
    await consoleRequests.resume();
    await expectVisible(console.getByText('> M105'));
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'PARK_HEAD' }).isDisabled()).toBe(true);
  });

  it('says in Czech that an offline printer’s values are the last known', async () => {
    const { admin, printer, page } = await setUp({ name: 'Pryč', driver: 'octoprint' }, 'cs-CZ');
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    await expectState(page.locator('main'), 'READY_TO_PRINT');
    await printer.device.drop();
    const connection = page.getByTestId('printer-connection');
    await expectVisible(connection.getByText('Ne, naposledy před pár sekundami'));
    await expectVisible(connection.getByText('Není známo, zařízení je offline'));
    await expectVisible(page.getByText('Poslední známé, před pár sekundami'));
  });

  it('after Disconnect offers Connect, shows no job times and a camera that says disconnected', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Relay',
      driver: 'octoprint',
      hasPowerRelay: true,
      isCameraOnPrinter: true,
    });
    printer.device.startJob('bracket.gcode');
    printer.device.finishJob();
    const snapshots = await countPageRequests(page, `/api/printers/${printer.id}/snapshot/`);
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const camera = page.getByTestId('camera');
    // the first frame waits for the device to say it has a camera: up to the fixture's bound
    await expect.poll(() => camera.getAttribute('data-status'), { timeout: 15_000 }).toBe('ok');

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expectState(page.locator('main'), 'PRINTER_NOT_PAIRED');
    const notice = page.getByTestId('unpaired-notice');
    await expectVisible(notice.getByRole('button', { name: 'Connect to OctoPrint' }));
    await expectHidden(notice.getByRole('button', { name: 'Power on' }));
    await expectVisible(page.getByText('No job is running.'));
    await expectHidden(page.getByText(/Print time/));

    await expect
      .poll(() => camera.getAttribute('data-status'), { timeout: 10_000 })
      .toBe('offline');
    await expectVisible(camera.getByText('Printer disconnected: no camera image'));
    await expectHidden(page.getByText('Error getting camera snapshot.'));
    // asked every 3 s, not every second: at most 3 requests in the next 6 s of the page's clock
    await snapshots.pause();
    const before = await snapshots.count();
    await snapshots.advance(6_000);
    const asked = (await snapshots.count()) - before;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(3);
    await snapshots.resume();

    await page.getByRole('link', { name: 'Back to printers' }).click();
    const card = printerCard(page, 'Relay');
    await expectHidden(card.getByRole('button', { name: 'Power on' }));
    await card.getByRole('button', { name: 'Connect to OctoPrint' }).click();
    await expectState(card, 'READY_TO_PRINT');
    expect(printer.device.received.map((command) => command.name)).toContain('connect');
  });

  it('offers Power on for a printer whose relay turned it off', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Switched',
      driver: 'octoprint',
      hasPowerRelay: true,
    });
    printer.device.isPoweredOn = false;
    printer.device.isPaired = false;
    printer.device.pushState();
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Switched');
    await expectState(card, 'PRINTER_NOT_PAIRED');
    await expectVisible(card.getByRole('button', { name: 'Power on' }));
    await expectHidden(card.getByRole('button', { name: 'Connect to OctoPrint' }));
  });
});
