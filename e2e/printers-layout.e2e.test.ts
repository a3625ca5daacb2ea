import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { expectState, printerCard } from './support/printers-ui.js';
import {
  addFakePrinter,
  callApi,
  createAdmin,
  openAs,
  type Member,
} from './support/printers-world.js';
import { expectHidden, expectPath, expectVisible } from './support/ui.js';

const PHONE = { width: 390, height: 844 };

/** Whether a person sees the whole element: its corners and centre are its own, not covered. */
async function isUncovered(locator: Locator): Promise<boolean> {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inset = 4;
    const points = [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
      [box.left + box.width / 2, box.top + box.height / 2],
    ] as const;
    return points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
  });
}

/** Buttons and tabs in the page whose label runs over more than one line or off the screen. */
function findWrappedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a.mantine-Button-root, main [role="tab"]',
    );
    const problems: string[] = [];
    for (const control of Array.from(controls)) {
      const text = control.innerText.trim();
      if (!text || control.offsetParent === null) continue;
      // a label that wraps is one text node laid out on more than one line
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      let isWrapped = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) isWrapped = true;
      }
      const box = control.getBoundingClientRect();
      if (isWrapped) problems.push(`wraps: ${text}`);
      if (control.getAttribute('role') !== 'tab' && box.right > window.innerWidth + 1)
        problems.push(`overflows: ${text}`);
    }
    return problems;
  });
}

/** The tabs' rows: one row means every tab has the same top. */
function countTabRows(page: Page): Promise<number> {
  return page
    .getByRole('tab')
    .evaluateAll(
      (tabs) => new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size,
    );
}

function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('the printers screens’ layout', () => {
  const fixture = useAppAndBrowser({ cliHost: true });
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  let count = 0;
  const setUp = async (locale = 'en-US') => {
    const admin: Member = await createAdmin(fixture.app, `layout${++count}@example.com`);
    const page = await fixture.openPage({ locale });
    const add = async (options: Parameters<typeof addFakePrinter>[2]) => {
      const printer = await addFakePrinter(fixture.app, admin, options);
      devices.push(printer.device);
      return printer;
    };
    return { admin, page, add };
  };

  it('keeps the task list in the header: the Connection card stays in sight after Disconnect', async () => {
    const { admin, page, add } = await setUp();
    const printer = await add({ name: 'Watched', driver: 'octoprint' });
    for (const viewport of [{ width: 1280, height: 720 }, PHONE]) {
      await page.setViewportSize(viewport);
      await openAs(page, fixture.app, admin, `/printers/${printer.id}`);
      await expectState(page.locator('main'), 'READY_TO_PRINT');
      await page.getByRole('button', { name: 'Disconnect' }).click();
      const indicator = page.getByTestId('background-tasks-button');
      await expectVisible(indicator);
      await expectState(page.locator('main'), 'PRINTER_NOT_PAIRED');
      const connection = page.getByTestId('printer-connection');
      await expectVisible(connection.getByText('No', { exact: true }));
      expect(await isUncovered(connection)).toBe(true);
      await expect.poll(() => indicator.getAttribute('data-status')).toBe('done');
      // the list itself opens when asked
      await indicator.click();
      await expectVisible(page.getByTestId('background-tasks').getByText('Disconnect Watched'));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Connect to OctoPrint' }).click();
      await expectState(page.locator('main'), 'READY_TO_PRINT');
    }
  });

  it('leads from anywhere on the card to the detail, while the card’s buttons do their own thing', async () => {
    const { admin, page, add } = await setUp();
    const printer = await add({ name: 'Clickable', driver: 'pill' });
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Clickable');
    await expectState(card, 'READY_TO_PRINT');

    // a click where the bed temperature shows (the card's link lies over it, as meant)
    const bed = await card.getByTestId('temperature-bed').boundingBox();
    await page.mouse.click(bed!.x + bed!.width / 2, bed!.y + bed!.height / 2);
    await expectPath(page, `/printers/${printer.id}`);
    await page.goBack();
    await expectVisible(card.getByRole('img', { name: 'Camera image' }));
    await card.getByRole('img', { name: 'Camera image' }).click();
    await expectPath(page, `/printers/${printer.id}`);
    await page.goBack();

    await card.getByRole('button', { name: 'Print', exact: true }).click();
    await expectVisible(page.getByRole('dialog'));
    await expectPath(page, '/printers');
  });

  it('keeps a card with a quarter-turned camera as tall as the others', async () => {
    const { admin, page, add } = await setUp();
    const upright = await add({ name: 'Upright', driver: 'pill' });
    const turned = await add({ name: 'Turned', driver: 'pill' });
    await callApi(fixture.app, `/printers/${turned.id}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { camera_rotation: 90 },
    });
    expect(upright.id).toBeLessThan(turned.id);
    await openAs(page, fixture.app, admin, '/printers');
    const frames = [printerCard(page, 'Upright'), printerCard(page, 'Turned')].map((card) =>
      card.getByTestId('camera'),
    );
    await expectVisible(frames[1]!.getByRole('img', { name: 'Camera image' }));
    const [flat, sideways] = await Promise.all(frames.map((frame) => frame.boundingBox()));
    expect(sideways!.height).toBeCloseTo(flat!.height, 0);
    expect(sideways!.width / sideways!.height).toBeCloseTo(4 / 3, 1);
  });

  for (const locale of ['en-US', 'cs-CZ']) {
    it(`fits buttons and tabs on a 390×844 phone (${locale})`, async () => {
      const { admin, page, add } = await setUp(locale);
      const klipper = await add({
        name: 'Voron 2.4 with a long name',
        driver: 'moonraker',
        hasSpectoda: true,
        hasPowerRelay: true,
        tickMs: 600_000,
      });
      const printing = await add({ name: 'Prusa MK4', driver: 'octoprint', tickMs: 600_000 });
      printing.device.startJob('a-long-file-name-of-a-benchy.gcode');
      await page.setViewportSize(PHONE);

      await openAs(page, fixture.app, admin, '/printers');
      await expectState(printerCard(page, 'Prusa MK4'), 'PRINTING');
      await expectState(printerCard(page, 'Voron 2.4 with a long name'), 'READY_TO_PRINT');
      expect(await findWrappedControls(page)).toEqual([]);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      for (const tab of ['status', 'controls', 'klipper', 'files', 'spectoda']) {
        await openAs(page, fixture.app, admin, `/printers/${klipper.id}?activeTab=${tab}`);
        await expectState(page.locator('main'), 'READY_TO_PRINT');
        expect(await countTabRows(page)).toBe(1);
        expect(await findWrappedControls(page)).toEqual([]);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      }
      await openAs(page, fixture.app, admin, `/printers/${printing.id}?activeTab=controls`);
      await expectState(page.locator('main'), 'PRINTING');
      expect(await findWrappedControls(page)).toEqual([]);
      await expectHidden(page.getByTestId('background-tasks'));
    });
  }
});
