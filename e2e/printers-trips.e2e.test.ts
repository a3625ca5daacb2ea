import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppUnderTest } from './support/app-under-test.js';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { expectNotification, expectState, printerCard } from './support/printers-ui.js';
import { addFakePrinter, createAdmin, openAs } from './support/printers-world.js';
import { expectHidden, expectPath, expectVisible } from './support/ui.js';

const PHONE = { width: 390, height: 844 };

/** Nothing sent the user away: the error modal (whose buttons all lead to the root) is shut. */
async function expectNoErrorModal(page: Page) {
  expect(await page.getByRole('dialog').count()).toBe(0);
}

/** A job this printer printed from a file since deleted, as the server records one. */
function seedPrinterJob(app: AppUnderTest, input: { workspaceId: number; printerId: number }) {
  const db = new Database(path.join(app.dataDir, 'printdeck.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const started = new Date(Date.now() - 3_600_000).toISOString();
    db.prepare(
      `INSERT INTO print_jobs (workspace_id, file_id, file_name, printer_id, printer_name,
        device_key_id, user_id, username, started_on, ended_on, outcome, make_video, video_state)
       VALUES (?, NULL, 'gone.gcode', ?, 'Wide',
        (SELECT device_key_id FROM printers WHERE id = ?), NULL, 'header', ?, ?, 'done', 0,
        'NOT_RECORDED')`,
    ).run(input.workspaceId, input.printerId, input.printerId, started, new Date().toISOString());
  } finally {
    db.close();
  }
}

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// one server for both groups: each test makes a workspace of its own
const fixture = useAppAndBrowser({ cliHost: true });

/** What a person trips over in the printers area (issue 29), each where they meet it. */
describe('the printers area tells what went wrong and offers what can work', () => {
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  let count = 0;
  const setUp = async (options: Parameters<typeof addFakePrinter>[2], locale = 'en-US') => {
    // the browser context opens while the account is made
    const [admin, page] = await Promise.all([
      createAdmin(fixture.app, `trips${++count}@example.com`),
      fixture.openPage({ locale }),
    ]);
    const printer = await addFakePrinter(fixture.app, admin, options);
    devices.push(printer.device);
    return { admin, printer, page };
  };

  it('answers a console typo inline in the printer’s words, on the same page', async () => {
    const { admin, printer, page } = await setUp({ name: 'Typo', driver: 'moonraker' });
    const path = `/printers/${printer.id}`;
    await openAs(page, fixture.app, admin, `${path}?activeTab=klipper`);
    await page.getByRole('textbox', { name: 'Command' }).fill('G28X');
    await page.getByRole('button', { name: 'Send' }).click();
    const refusal = page.getByTestId('console-refusal');
    await expectVisible(refusal.getByText('Unknown command:"G28X"'));
    await expectVisible(refusal.getByText('The printer refused the command', { exact: true }));
    await expectNoErrorModal(page);
    await expectPath(page, path);
    // the next good command clears it
    await page.getByRole('textbox', { name: 'Command' }).fill('M105');
    await page.getByRole('button', { name: 'Send' }).click();
    await expectHidden(refusal);
  });

  it('tells a cold extrusion in the printer’s words and stays on the controls', async () => {
    const { admin, printer, page } = await setUp({ name: 'Cold', driver: 'octoprint' });
    const path = `/printers/${printer.id}`;
    await openAs(page, fixture.app, admin, `${path}?activeTab=controls`);
    await expectState(page.locator('main'), 'READY_TO_PRINT');
    await page.getByRole('button', { name: 'Extrude' }).click();
    await expectNotification(page, 'The printer refused the command', 'Extrude below minimum temp');
    await expectNoErrorModal(page);
    await expectPath(page, path);
  });

  it('starts a target from the printer’s own and asks before a heater goes off mid-print', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Hot',
      driver: 'octoprint',
      tickMs: 600_000,
    });
    printer.device.tool.target = 215;
    printer.device.bed.target = 60;
    printer.device.startJob('vase.gcode');
    await openAs(page, fixture.app, admin, `/printers/${printer.id}?activeTab=controls`);
    await expectState(page.locator('main'), 'PRINTING');
    const nozzle = page.getByLabel('Nozzle target');
    await expect.poll(() => nozzle.inputValue()).toBe('215 °C');
    await expect.poll(() => page.getByLabel('Bed target').inputValue()).toBe('60 °C');

    await nozzle.fill('0');
    await page.getByRole('button', { name: 'Set' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Switch the Nozzle heater off?' });
    await expectVisible(confirm.getByText('Hot is printing.'));
    await confirm.getByRole('button', { name: 'Keep heating' }).click();
    await expectHidden(confirm);
    expect(printer.device.received.some((command) => command.name === 'temperature')).toBe(false);

    await page.getByRole('button', { name: 'Set' }).first().click();
    await confirm.getByRole('button', { name: 'Switch it off' }).click();
    await expect.poll(() => printer.device.tool.target).toBe(0);
    expect(printer.device.bed.target).toBe(60);
  });

  it('says the OctoPrint key was refused and takes a new one in place', async () => {
    const { admin, printer, page } = await setUp({ name: 'Locked', driver: 'octoprint' });
    printer.device.setProblem({ code: 'permission-denied', detail: 'OctoPrint: 403' });
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Locked');
    await expectState(card, 'OCTOPRINT_PERMISSION_DENIED');
    await expectVisible(card.getByText('The OctoPrint API key was refused.'));
    await expectHidden(card.getByRole('button', { name: 'Connect to OctoPrint' }));

    await card.getByRole('link', { name: 'Locked', exact: true }).click();
    const notice = page.getByTestId('problem-notice');
    await notice.getByLabel('New OctoPrint API key').fill('a-fresh-key-from-octoprint');
    await notice.getByRole('button', { name: 'Save the key' }).click();
    await expectVisible(page.getByText('The new key was sent to the device.'));
    await expect.poll(() => printer.device.apiKeys).toEqual(['a-fresh-key-from-octoprint']);
    await expectState(page.locator('main'), 'READY_TO_PRINT');
    await expectHidden(notice);
  });

  it('offers Restart Klipper to a Klipper printer, and nothing while Moonraker is unreachable', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Voron',
      driver: 'moonraker',
      isPaired: false,
      hasPowerRelay: true,
    });
    printer.device.isPoweredOn = true;
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Voron');
    await expectState(card, 'PRINTER_NOT_PAIRED');
    await expectVisible(card.getByRole('button', { name: 'Restart Klipper' }));
    expect(await page.getByRole('button', { name: 'Connect to OctoPrint' }).count()).toBe(0);

    printer.device.setProblem({
      code: 'printer-unreachable',
      detail: 'Moonraker does not answer (connection refused).',
    });
    await expectVisible(card.getByText('The device cannot reach Moonraker.'));
    await expectHidden(card.getByRole('button', { name: 'Restart Klipper' }));
    expect(await card.getByRole('button', { name: 'Power on' }).count()).toBe(0);
    await card.getByRole('link', { name: 'Voron', exact: true }).click();
    await expectVisible(
      page.getByTestId('problem-notice').getByText(/connection refused/, { exact: false }),
    );
    expect(await page.locator('main').getByRole('button', { name: 'Power on' }).count()).toBe(0);
  });

  for (const locale of ['en-US', 'cs-CZ']) {
    it(`shows an OctoPrint thermal runaway as an error, its readings as last known (${locale})`, async () => {
      const { admin, printer, page } = await setUp(
        { name: 'Runaway', driver: 'octoprint', isPaired: false, tickMs: 600_000 },
        locale,
      );
      printer.device.tool = { actual: 214.6, target: 215 };
      printer.device.setProblem({
        code: 'printer-error',
        detail: 'MAXTEMP triggered! Heater E0',
      });
      const czech = locale === 'cs-CZ';
      await page.setViewportSize(PHONE);
      await openAs(page, fixture.app, admin, '/printers');
      const card = printerCard(page, 'Runaway');
      await expectVisible(
        card.getByText(
          `${czech ? 'Chyba tiskárny' : 'Printer error'}: MAXTEMP triggered! Heater E0`,
        ),
      );
      await expectVisible(
        card.getByTestId('temperature-tool0').getByText(czech ? 'naposledy známá' : 'last known'),
      );
      // no one-click reconnect from the card
      expect(
        await card
          .getByRole('button')
          .filter({ hasText: /OctoPrint/ })
          .count(),
      ).toBe(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      await card.getByRole('link', { name: 'Runaway', exact: true }).click();
      const notice = page.getByTestId('problem-notice');
      await expectVisible(notice.getByText('MAXTEMP triggered! Heater E0'));
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await notice
        .getByRole('button', {
          name: czech
            ? 'Tiskárnu jsem zkontroloval: připojit znovu'
            : 'I checked the printer: connect again',
        })
        .click();
      await expect
        .poll(() => printer.device.received.map((command) => command.name))
        .toContain('connect');
    });
  }

  it('a stuck camera shows its last frame’s age and says it is connecting, not live', async () => {
    const { admin, printer, page } = await setUp({ name: 'Stuck', driver: 'octoprint' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
    const camera = page.getByTestId('camera').first();
    await expectVisible(camera.locator('img'));
    await expect.poll(() => camera.getAttribute('data-status'), { timeout: 15_000 }).toBe('ok');
    printer.device.isCameraStuck = true;
    const age = camera.getByTestId('camera-frame-age');
    await age.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await age.textContent()).toMatch(/^Last frame \d+ s ago$/);
    expect(await camera.getAttribute('data-status')).toBe('connecting');
    await expectVisible(camera.getByText('Connecting to the camera…'));
    // frames again: live, no age
    printer.device.isCameraStuck = false;
    await age.waitFor({ state: 'hidden', timeout: 20_000 });
    await expect.poll(() => camera.getAttribute('data-status'), { timeout: 15_000 }).toBe('ok');
  });

  it('shows the no-internet state while watching once the browser loses its network', async () => {
    const { admin, page } = await setUp({ name: 'Watched', driver: 'pill' }, 'cs-CZ');
    await openAs(page, fixture.app, admin, '/printers');
    await expectState(printerCard(page, 'Watched'), 'READY_TO_PRINT');
    await page.context().setOffline(true);
    const modal = page.getByTestId('error-modal');
    await modal.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await modal.getAttribute('data-variant')).toBe('noInternet');
    await expectVisible(modal.getByText('Bez připojení k internetu'));
    await page.context().setOffline(false);
  });

  it('shows the no-internet state while watching when the server stops answering', async () => {
    const { admin, page } = await setUp({ name: 'Unreachable', driver: 'pill' });
    // The states stream is refused from the start, so the page polls (its fallback): an open
    // stream would keep the connection made before the route was dropped and hear the server's
    // pings. A stream that falls silent is dropped by the page after 15 s and the polls take over,
    // so the end is the same, 15 s later.
    let isAnswering = true;
    await page.route('**/devices-states/**', (route) => {
      if (route.request().url().includes('/devices-states/stream/')) return route.abort();
      // a dropped route to the server: the polls are sent and never answered
      return isAnswering ? route.continue() : undefined;
    });
    await openAs(page, fixture.app, admin, '/printers');
    await expectState(printerCard(page, 'Unreachable'), 'READY_TO_PRINT');
    isAnswering = false;
    const modal = page.getByTestId('error-modal');
    await modal.waitFor({ state: 'visible', timeout: 40_000 });
    expect(await modal.getAttribute('data-variant')).toBe('noInternet');
    await expectVisible(modal.getByText('No internet', { exact: true }));
  });

  it('warns on an OctoPrint printer that it moves unhomed axes and that a cold nozzle does not extrude, en and cs', async () => {
    const { admin, printer, page } = await setUp({ name: 'Quiet', driver: 'octoprint' });
    await openAs(page, fixture.app, admin, `/printers/${printer.id}?activeTab=controls`);
    await expectState(page.locator('main'), 'READY_TO_PRINT');
    await expectVisible(
      page.getByTestId('homing-warning').getByText(/press Home all before moving/),
    );
    const cold = page.getByTestId('cold-extrusion-warning');
    await expectVisible(cold.getByText(/The nozzle is at \d+ °C/));
    const czech = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(czech, fixture.app, admin, `/printers/${printer.id}?activeTab=controls`);
    await expectVisible(czech.getByTestId('cold-extrusion-warning').getByText(/Tryska má \d+ °C/));
    // heated, the warning goes: the nozzle reports its target at once (heating at the model's
    // 20 °C a second would only wait 7.5 s for what the warning reads: the reported temperature)
    printer.device.tool.target = 215;
    printer.device.tool.actual = 215;
    await expectHidden(cold);
  });

  it('shows no camera for a printer without one, and never asks it for a frame', async () => {
    const { admin, printer, page } = await setUp({
      name: 'Blind',
      driver: 'octoprint',
      hasCamera: false,
    });
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Blind');
    await expectState(card, 'READY_TO_PRINT');
    await expectVisible(card.getByTestId('temperature-bed'));
    expect(await card.getByTestId('camera').count()).toBe(0);
    await card.getByRole('link', { name: 'Blind', exact: true }).click();
    await expectVisible(page.getByTestId('printer-connection'));
    expect(await page.getByTestId('camera').count()).toBe(0);
    expect(printer.device.received.filter((command) => command.name === 'snapshot')).toEqual([]);
  });

  it('confirms the deletion of a printer and never says it was not found', async () => {
    const { admin, printer, page } = await setUp({ name: 'Leaving', driver: 'pill' });
    await openAs(page, fixture.app, admin, `/settings/printers/${admin.workspaceId}/${printer.id}`);
    await page.getByRole('button', { name: 'Delete printer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete printer' }).click();
    await expectPath(page, '/settings/printers');
    await expectVisible(page.getByText('Printer Leaving was deleted.'));
    // the list reloaded (the printer is gone from it) and no "not found" came after
    await expectHidden(page.getByRole('link', { name: 'Leaving', exact: true }));
    expect(await page.getByText('Printer not found').count()).toBe(0);
  });

  it('names the filament type OTHER in Czech', async () => {
    const { admin, page } = await setUp({ name: 'Jiná', driver: 'pill' }, 'cs-CZ');
    await openAs(page, fixture.app, admin, '/printers');
    const select = printerCard(page, 'Jiná').getByRole('combobox');
    expect(await select.locator('option[value="OTHER"]').innerText()).toBe('Jiný');
    await select.selectOption('OTHER');
    // the choice is saved and comes back from the server under its Czech name
    await expect.poll(() => select.locator('option:checked').innerText()).toBe('Jiný');
    expect(await select.locator('option').allInnerTexts()).not.toContain('OTHER');
  });

  it('leaves Printers and Print queue out of the phone’s bottom bar without printers', async () => {
    const admin = await createAdmin(fixture.app, `trips${++count}@example.com`);
    const page = await fixture.openPage();
    await page.setViewportSize(PHONE);
    await openAs(page, fixture.app, admin, '/');
    const bar = page.getByRole('navigation', { name: 'Main navigation' });
    await expectVisible(bar.getByRole('link', { name: 'G-codes' }));
    await expectVisible(bar.getByRole('link', { name: 'Videos' }));
    expect(await bar.getByRole('link', { name: 'Printers' }).count()).toBe(0);
    expect(await bar.getByRole('link', { name: 'Print queue' }).count()).toBe(0);
  });
});

describe('the desktop header', () => {
  it('keeps Upload and the user menu on screen from 768 to 1,280 px, toasts below it', async () => {
    const admin = await createAdmin(fixture.app, 'header@example.com');
    const printer = await addFakePrinter(fixture.app, admin, { name: 'Wide', driver: 'pill' });
    const page = await fixture.openPage();
    try {
      for (const width of [768, 1024, 1180, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await openAs(page, fixture.app, admin, '/printers');
        const header = page.locator('header');
        for (const control of [
          header.getByRole('button', { name: 'Upload' }),
          header.getByRole('button', { name: 'Print', exact: true }),
          page.getByTestId('user-menu'),
          header.getByRole('link', { name: 'Printers' }),
        ]) {
          await expectVisible(control);
          const box = await control.boundingBox();
          expect(box!.x + box!.width, `at ${width} px`).toBeLessThanOrEqual(width);
        }
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      }
      // a toast shows below the header, not over its buttons: Re-print of a job whose file is
      // gone says so in one (a printer offers Re-print only once it has printed)
      seedPrinterJob(fixture.app, { workspaceId: admin.workspaceId, printerId: printer.id });
      await page.reload();
      await page.getByRole('button', { name: 'Re-print' }).click();
      const toast = page.locator('.mantine-Notification-root').first();
      await expectVisible(toast);
      const headerBox = await page.locator('header').boundingBox();
      expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(
        headerBox!.y + headerBox!.height,
      );
    } finally {
      await printer.device.stop();
    }
  });
});
