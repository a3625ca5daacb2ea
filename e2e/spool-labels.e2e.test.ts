import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { scanQrCode } from './support/scan-qr-code.js';
import { expectHeading, expectHidden, expectVisible } from './support/ui.js';

describe('spool labels', () => {
  const fixture = useAppAndBrowser();

  it('prints the labels the list shows or the ones selected; each QR code opens its spool; only the labels go to the printer', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'labels@example.com');
    const add = (body: object) =>
      callApi<Array<{ id: number }>>(app, `/groups/${admin.workspaceId}/spools/`, {
        token: admin.access,
        body: { color_hex: '#1a1a1a', initial_weight_g: 1000, ...body },
      });
    const pla = await add({
      material: 'PLA',
      color_name: 'Black',
      brand: 'Prusament',
      quantity: 2,
    });
    await add({ material: 'PETG', color_name: 'Orange', brand: 'Fiberlogy' });
    // the list (and so the sheet of labels) shows the newest spool first
    const plaIds = pla.map((spool) => spool.id).sort((a, b) => b - a);

    const page = await fixture.openPage();
    await openAs(page, app, admin, '/spools');
    await expectHeading(page, 'Filament');
    await expect
      .poll(() => page.getByTestId('spools-count').innerText(), { timeout: 10_000 })
      .toBe('3 spools');

    // the material filter: the labels are those the list shows
    await page.getByRole('textbox', { name: 'Material' }).click();
    await page.getByRole('option', { name: 'PLA', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('spools-count').innerText(), { timeout: 10_000 })
      .toBe('2 spools');
    await page.getByRole('button', { name: 'Print labels' }).click();
    const sheet = page.getByRole('dialog', { name: 'Spool labels' });
    await expectVisible(sheet.getByText('2 labels'));
    const labels = sheet.getByTestId('spool-label');
    expect(await labels.count()).toBe(2);
    const texts = await labels.allInnerTexts();
    for (const [index, id] of plaIds.entries()) {
      expect(texts[index]).toContain(`#${id}`);
      expect(texts[index]).toContain('PLA · Black');
      expect(texts[index]).toContain('Prusament');
      expect(texts[index]).toContain('1.75 mm · 1000 g');
    }
    expect(texts.join('\n')).not.toContain('Fiberlogy');

    // each QR code holds its own spool's address
    const addresses: string[] = [];
    for (const [index, id] of plaIds.entries()) {
      const qr = labels.nth(index).getByRole('img', { name: 'QR code that opens this spool' });
      await expectVisible(qr);
      const address = await scanQrCode(qr);
      expect(address).toBe(`${app.url}/spools/${id}?group=${admin.workspaceId}`);
      addresses.push(address!);
    }

    // printed: the labels are visible, whole (never split across pages), the page around them is not
    // (held before the switch: printed, the dialog around the labels is hidden, so a role
    // query no longer finds it)
    const closeButton = sheet.getByRole('button', { name: 'Close', exact: true }).last();
    const firstLabel = await labels.first().elementHandle();
    const closeHandle = await closeButton.elementHandle();
    await page.emulateMedia({ media: 'print' });
    const style = await firstLabel!.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { visibility: computed.visibility, breakInside: computed.breakInside };
    });
    expect(style).toEqual({ visibility: 'visible', breakInside: 'avoid' });
    expect(await closeHandle!.evaluate((element) => getComputedStyle(element).visibility)).toBe(
      'hidden',
    );
    await page.emulateMedia({ media: 'screen' });
    await closeButton.click();
    await expectHidden(sheet);

    // one selected: one label
    await page.getByRole('checkbox', { name: `Select spool #${plaIds[1]}` }).check();
    await page.getByRole('button', { name: 'Print 1 label' }).click();
    await expectVisible(sheet.getByText('1 label', { exact: true }));
    expect(await sheet.getByTestId('spool-label').count()).toBe(1);
    expect(await sheet.getByTestId('spool-label').innerText()).toContain(`#${plaIds[1]}`);

    // the scanned address opens the spool, as a phone would
    await page.goto(addresses[1]!);
    await expectHeading(page, `Spool #${plaIds[1]}`);
  });
});
