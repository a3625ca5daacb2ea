import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { asUpload, buildPrusaGcode } from './support/files-world.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectVisible } from './support/ui.js';

const PHONE = { width: 390, height: 844 };

/** Whether the whole box lies inside the other (a cut-off button sticks out of its row). */
async function isInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width + 0.5 && a.width > 0;
}

describe('the upload dialog on a phone', () => {
  const fixture = useAppAndBrowser();

  it('keeps each file row inside the dialog: long names are cut short, state and remove stay visible (en, cs)', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'phone-uploader@example.com');
    for (const locale of ['en-US', 'cs-CZ']) {
      const page = await fixture.openPage({ locale });
      await page.setViewportSize(PHONE);
      await openAs(page, app, admin, '/gcodes');
      await expectHeading(page, locale === 'en-US' ? 'G-codes' : 'G-kódy');
      // the empty list's call to upload opens the dialog
      await page
        .getByTestId('gcodes-empty')
        .getByRole('button', { name: /Upload|Nahrát/ })
        .click();
      const dialog = page.getByRole('dialog');
      const longName = `${'very-long-file-name-from-the-slicer-'.repeat(3)}PLA_0.2mm_4h12m.gcode`;
      await dialog
        .getByTestId('upload-input')
        .setInputFiles([
          asUpload(longName, buildPrusaGcode()),
          asUpload('cube.gcode', buildPrusaGcode()),
        ]);
      const rows = dialog.getByTestId('upload-item');
      await expect.poll(() => rows.count()).toBe(2);
      const body = dialog.locator('.mantine-Modal-body');
      for (const row of [rows.first(), rows.last()]) {
        const state = row.getByTestId('upload-item-state');
        const remove = row.getByRole('button');
        await expectVisible(state);
        await expectVisible(remove);
        expect(await isInside(state, body)).toBe(true);
        expect(await isInside(remove, body)).toBe(true);
        expect(await isInside(row, body)).toBe(true);
      }
      // the long name is cut short on screen but kept whole for reading and for the button
      const name = rows.first().getByText(longName);
      expect(await name.getAttribute('title')).toBe(longName);
      expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // nothing on the page scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.close();
    }
  });
});
