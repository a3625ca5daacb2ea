import { afterAll, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { printerCard } from './support/printers-ui.js';
import { addFakePrinter, createAdmin, openAs } from './support/printers-world.js';
import { scanQrCode } from './support/scan-qr-code.js';
import { expectHeading, expectHidden, expectVisible } from './support/ui.js';

describe('spools and loaded filament', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
  });

  it('adds three PETG spools at once, opens one by its label QR code, and loads it on a printer from the card', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'spools@example.com');
    const printer = await addFakePrinter(app, admin, { name: 'Prusa A', driver: 'octoprint' });
    devices.push(printer.device);
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/spools');
    await expectHeading(page, 'Filament');

    await page.getByRole('button', { name: 'Add spools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add spools' });
    await dialog.getByRole('textbox', { name: 'Material' }).click();
    await page.getByRole('option', { name: 'PETG', exact: true }).click();
    await dialog.getByLabel('Colour name').fill('Black');
    await dialog.getByLabel('Brand').fill('Prusament');
    await dialog.getByLabel('Number of spools').fill('3');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectHidden(dialog);
    await expect
      .poll(() => page.getByTestId('spools-count').innerText(), { timeout: 10_000 })
      .toBe('3 spools');
    expect(await page.getByTestId('spool-row').count()).toBe(3);

    // the newest spool's label: its QR code holds the spool's address in this workspace
    await page.getByTestId('spool-row').first().getByRole('link').click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText(), { timeout: 10_000 }).toMatch(/^Spool #\d+$/);
    const spoolId = Number((await heading.innerText()).slice('Spool #'.length));
    await page.getByRole('button', { name: 'Label' }).click();
    const qr = page.getByTestId('spool-qr');
    await expectVisible(qr);
    const address = await scanQrCode(qr);
    expect(address).toBe(`${app.url}/spools/${spoolId}?group=${admin.workspaceId}`);
    await page.goto(address!);
    await expectHeading(page, `Spool #${spoolId}`);

    // load it on the printer from its card
    await page.goto(`${app.url}/printers`);
    const card = printerCard(page, 'Prusa A');
    await card.getByRole('button', { name: 'Load spool' }).click();
    const load = page.getByRole('dialog', { name: 'Load a spool on Prusa A' });
    await load.getByRole('textbox', { name: 'Spool' }).click();
    await page.getByRole('option', { name: new RegExp(`^#${spoolId} PETG`) }).click();
    await load.getByRole('button', { name: 'Load', exact: true }).click();
    await expectHidden(load);
    await expect
      .poll(() => card.getByTestId('loaded-spool').innerText(), { timeout: 10_000 })
      .toContain('PETG · Black');

    // the inventory says where it is
    await page.goto(`${app.url}/spools/${spoolId}`);
    await expectVisible(page.getByText('Prusa A, tool 1'));
  });
});
