import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { uploadGcode, buildPrusaGcode } from './support/files-world.js';
import { expectState, printerCard } from './support/printers-ui.js';
import { addFakePrinter, createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

describe('printing', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  it('prints a G-code on two ready printers at once and lists both jobs', async () => {
    const admin = await createAdmin(fixture.app, 'printing@example.com');
    const printers = [];
    for (const name of ['Alpha', 'Beta', 'Busy']) {
      const printer = await addFakePrinter(fixture.app, admin, { name, driver: 'octoprint' });
      devices.push(printer.device);
      printers.push(printer);
    }
    const [alpha, beta, busy] = printers as [
      (typeof printers)[0],
      (typeof printers)[0],
      (typeof printers)[0],
    ];
    busy.device.startJob('other.gcode');
    const gcode = await uploadGcode(
      fixture.app,
      admin,
      'gear.gcode',
      buildPrusaGcode({ filamentType: 'PETG' }),
    );

    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, '/printers');
    await expectState(printerCard(page, 'Alpha'), 'READY_TO_PRINT');
    await expectState(printerCard(page, 'Busy'), 'PRINTING');

    // From the G-code detail: the file is chosen already.
    await openAs(page, fixture.app, admin, `/gcodes/${gcode.id}`);
    await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Filament of the G-code: PETG'));

    // A printer that is not ready: its hint, and the spec's message on start.
    await dialog.getByRole('checkbox', { name: 'Busy', exact: true }).check();
    await expectVisible(dialog.getByText('Printer not ready'));
    await dialog.getByRole('button', { name: 'Start print' }).click();
    await expectVisible(dialog.getByText('Not all selected printers are ready to print.'));

    // Single mode replaced the choice; several printers at once need the switch.
    await dialog.getByRole('checkbox', { name: 'Alpha', exact: true }).check();
    await expect.poll(() => dialog.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await dialog.getByRole('switch', { name: 'Several printers' }).check();
    await dialog.getByRole('checkbox', { name: 'Beta', exact: true }).check();
    await dialog.getByRole('button', { name: 'Start print' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    for (const printer of [alpha, beta]) {
      await expect
        .poll(() => printer.device.received.some((command) => command.name === 'print_file'))
        .toBe(true);
    }
    expect(busy.device.received.some((command) => command.name === 'print_file')).toBe(false);

    const history = page.getByTestId('gcode-print-history');
    await expect.poll(() => history.getByTestId('print-job').count(), { timeout: 15_000 }).toBe(2);
    await expectVisible(history.getByText('Alpha'));
    await expectVisible(history.getByText('Beta'));

    // The printer's own history lists its job.
    await openAs(page, fixture.app, admin, `/printers/${alpha.id}`);
    const printerHistory = page.getByTestId('printer-print-history');
    await expectVisible(printerHistory.getByText('gear.gcode'));
  });

  it("starts from the files list: a file row's own Print button opens the print dialog for that file", async () => {
    const admin = await createAdmin(fixture.app, 'row-print@example.com');
    const printer = await addFakePrinter(fixture.app, admin, {
      name: 'Gamma',
      driver: 'octoprint',
    });
    devices.push(printer.device);
    await uploadGcode(fixture.app, admin, 'clip.gcode', buildPrusaGcode({ filamentType: 'PLA' }));
    await uploadGcode(fixture.app, admin, 'hook.gcode', buildPrusaGcode({ filamentType: 'PETG' }));

    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, '/gcodes');
    await expect.poll(() => page.title()).toBe('G-codes · Printdeck');
    const row = page.getByTestId('gcode-row').filter({ hasText: 'hook.gcode' });
    await row.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('Filament of the G-code: PETG'));
  });
});
