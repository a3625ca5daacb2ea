import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectHeading } from './support/ui.js';

/** A G-code padded with comment lines, so that the files differ in size. */
const padded = (bytes: number) =>
  Buffer.concat([buildPrusaGcode(), Buffer.from(`\n; ${'x'.repeat(bytes)}\n`)]);

const shownNames = (page: Page) => page.getByTestId('gcode-name').allInnerTexts();

describe('sorting the G-code list', () => {
  const fixture = useAppAndBrowser();

  it('sorts by name, date and size both ways; the order is in the address and survives a reload (en, cs)', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'sorter@example.com');
    // uploaded in this order
    await uploadGcode(app, admin, 'bracket.gcode', padded(4000));
    await uploadGcode(app, admin, 'Axle.gcode', padded(0));
    await uploadGcode(app, admin, 'cube.gcode', padded(9000));

    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectHeading(page, 'G-codes');
    await expect
      .poll(() => shownNames(page))
      .toEqual(['cube.gcode', 'Axle.gcode', 'bracket.gcode']);

    const ordering = page.getByRole('combobox', { name: 'Sort by' });
    await ordering.selectOption({ label: 'Name A–Z' });
    await expect
      .poll(() => shownNames(page))
      .toEqual(['Axle.gcode', 'bracket.gcode', 'cube.gcode']);
    expect(new URL(page.url()).searchParams.get('ordering')).toBe('name');

    await ordering.selectOption({ label: 'Name Z–A' });
    await expect
      .poll(() => shownNames(page))
      .toEqual(['cube.gcode', 'bracket.gcode', 'Axle.gcode']);
    await ordering.selectOption({ label: 'Largest first' });
    await expect
      .poll(() => shownNames(page))
      .toEqual(['cube.gcode', 'bracket.gcode', 'Axle.gcode']);
    await ordering.selectOption({ label: 'Smallest first' });
    await expect
      .poll(() => shownNames(page))
      .toEqual(['Axle.gcode', 'bracket.gcode', 'cube.gcode']);
    await ordering.selectOption({ label: 'Oldest first' });
    await expect
      .poll(() => shownNames(page))
      .toEqual(['bracket.gcode', 'Axle.gcode', 'cube.gcode']);

    // the address keeps the order: a reload shows the same list and the same choice
    await ordering.selectOption({ label: 'Largest first' });
    await page.waitForURL((url) => url.searchParams.get('ordering') === '-size');
    await page.reload();
    await expect
      .poll(() => shownNames(page))
      .toEqual(['cube.gcode', 'bracket.gcode', 'Axle.gcode']);
    expect(await ordering.inputValue()).toBe('-size');

    // in Czech, the same choice reads in Czech
    const czech = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(czech, app, admin, '/gcodes?ordering=name');
    const razeni = czech.getByRole('combobox', { name: 'Řadit podle' });
    await expect
      .poll(() => shownNames(czech))
      .toEqual(['Axle.gcode', 'bracket.gcode', 'cube.gcode']);
    expect(await razeni.locator('option:checked').innerText()).toBe('Název A–Z');
  });
});
