import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { uploadGcode } from './support/files-world.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/** Spec part 2 §9: D.M.YYYY and HH:mm:ss, in both languages. */
const DATE_TIME = /^\d{1,2}\.\d{1,2}\.\d{4} \d{2}:\d{2}:\d{2}$/;

async function cellTexts(page: Page, tableName: string): Promise<string[]> {
  const table = page.getByRole('table', { name: tableName });
  await expectVisible(table.getByRole('row').nth(1));
  return (await table.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

describe('dates as the spec writes them', () => {
  const fixture = useAppAndBrowser();

  it('shows D.M.YYYY HH:mm:ss for sessions and for a file’s exact upload time, in English and Czech', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'dates@example.com');
    await uploadGcode(app, admin, 'calendar.gcode');
    const tables = { 'en-US': 'Where you are signed in', 'cs-CZ': 'Kde jste přihlášeni' };
    for (const [locale, tableName] of Object.entries(tables)) {
      const page = await fixture.openPage({ locale });
      await openAs(page, app, admin, '/settings/account');
      const cells = await cellTexts(page, tableName);
      expect(cells.filter((text) => DATE_TIME.test(text)).length, locale).toBeGreaterThan(0);

      // the statistics range: D.M.YYYY typed and shown whatever language the browser runs in
      await page.goto(`${app.url}/workspace-stats`);
      const dateFrom = page.getByLabel(locale === 'cs-CZ' ? 'Datum od' : 'Date from');
      await expectVisible(dateFrom);
      expect(await dateFrom.inputValue(), locale).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}$/);

      await page.goto(`${app.url}/gcodes`);
      const uploaded = page.getByTestId('gcode-row').locator('time').first();
      await expectVisible(uploaded);
      expect(await uploaded.getAttribute('title'), locale).toMatch(DATE_TIME);
      await page.close();
    }
  });
});
