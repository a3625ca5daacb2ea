import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { seedEndedJobs, type EndedJob } from './support/ended-jobs.js';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { expectState, printerCard } from './support/printers-ui.js';
import { addFakePrinter, callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectHidden, expectVisible } from './support/ui.js';
import { seedPrintWithVideo } from './support/videos-world.js';

const DAY_MS = 24 * 3600_000;
const PHONE = { width: 390, height: 844 };

/** Where the text of an element wraps: the characters either side of each line end. */
function readLineWraps(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const wraps: string[] = [];
    let previous: { char: string; top: number } | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const { top, height } = range.getBoundingClientRect();
        if (previous && top > previous.top + height / 2) wraps.push(previous.char + text[i]);
        previous = { char: text[i]!, top };
      }
    }
    return wraps;
  });
}

/** A wrap between the parts of a file name or an e-mail, or at a space. */
const isWrapBetweenParts = (wrap: string) => /^[_\-/ ]|^\.\D|^.[@ ]$/.test(wrap);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// one server for both groups: each test makes a workspace of its own
const fixture = useAppAndBrowser({ cliHost: true });

/** What a person trips over around files, printing and statistics (issue 29). */
describe('files, printing and statistics say what they do', () => {
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  let count = 0;
  const setUp = async () => {
    // the browser context opens while the account is made
    const [admin, page] = await Promise.all([
      createAdmin(fixture.app, `filetrips${++count}@example.com`),
      fixture.openPage(),
    ]);
    const add = async (options: Parameters<typeof addFakePrinter>[2]) => {
      const printer = await addFakePrinter(fixture.app, admin, options);
      devices.push(printer.device);
      return printer;
    };
    return { admin, page, add };
  };

  it('prints a G-code renamed without its extension: the printer gets the proper name', async () => {
    const { admin, page, add } = await setUp();
    const printer = await add({ name: 'Prusa', driver: 'octoprint' });
    const gcode = await uploadGcode(fixture.app, admin, 'benchy.gcode');
    await openAs(page, fixture.app, admin, `/gcodes/${gcode.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const name = page.getByLabel('Name');
    await expectVisible(page.getByText(/Printers get the file as this name with \.gcode added/));
    await name.fill('Benchy final');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectHeading(page, 'Benchy final');

    await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Prusa', exact: true }).check();
    await dialog.getByRole('button', { name: 'Start print' }).click();
    await expect
      .poll(() => printer.device.job?.fileName ?? null, { timeout: 15_000 })
      .toBe('Benchy final.gcode');
  });

  it('says how many print-queue items go with a deleted G-code', async () => {
    const { admin, page } = await setUp();
    await callApi(fixture.app, `/users/me/groups/${admin.workspaceId}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { settings: { print_queue_enabled: true } },
    });
    const gcode = await uploadGcode(fixture.app, admin, 'queued.gcode');
    for (let i = 0; i < 2; i += 1) {
      await callApi(fixture.app, `/groups/${admin.workspaceId}/print-queue/`, {
        token: admin.access,
        body: { file: gcode.id },
      });
    }
    await openAs(page, fixture.app, admin, `/gcodes/${gcode.id}`);
    await page.locator('main').getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expectVisible(dialog.getByText('2 items in the print queue are deleted too.'));
  });

  it(
    'at a phone’s width names and e-mails wrap between their parts and the history’s badges stay whole, en and cs',
    { timeout: 120_000 },
    async () => {
      const admin = await createAdmin(fixture.app, 'maximilian.vonlongname@example-workshop.com');
      const name = 'benchy-lattice-vase-final-version-three_0.4n_0.2mm_PETG_MK4_2h13m.gcode';
      const gcode = await uploadGcode(fixture.app, admin, name);
      seedPrintWithVideo(fixture.app, {
        workspaceId: admin.workspaceId,
        username: admin.email,
        fileName: name,
        fileId: gcode.id,
      });
      for (const locale of ['en-US', 'cs-CZ']) {
        const page = await fixture.openPage({ locale });
        await page.setViewportSize(PHONE);
        await openAs(page, fixture.app, admin, `/gcodes/${gcode.id}`);
        const title = page.getByRole('heading', { level: 1 });
        await expectVisible(title);
        const titleWraps = await readLineWraps(title);
        expect(titleWraps.length).toBeGreaterThan(0);
        expect(titleWraps.filter((wrap) => !isWrapBetweenParts(wrap))).toEqual([]);
        const uploader = page.getByTestId('gcode-metadata').getByText(admin.email);
        expect((await readLineWraps(uploader)).filter((wrap) => !isWrapBetweenParts(wrap))).toEqual(
          [],
        );
        const job = page.getByTestId('print-job').first();
        await expectVisible(job.getByTestId('video-state'));
        const badges = job.locator('.mantine-Badge-label');
        expect(await badges.count()).toBe(2);
        for (const badge of await badges.all())
          expect(await badge.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);

        await openAs(page, fixture.app, admin, '/gcodes');
        const row = page.getByTestId('gcode-name').first();
        await expectVisible(row);
        expect((await readLineWraps(row)).filter((wrap) => !isWrapBetweenParts(wrap))).toEqual([]);

        await openAs(page, fixture.app, admin, `/settings/workspaces/${admin.workspaceId}`);
        const email = page.getByRole('cell', { name: admin.email, exact: true });
        await expectVisible(email);
        const emailWraps = await readLineWraps(email);
        expect(emailWraps.filter((wrap) => !isWrapBetweenParts(wrap))).toEqual([]);
        await page.context().close();
      }
    },
  );

  it('shows each video as a readable thumbnail, runs through its frames on hover and shows the strip on its page', async () => {
    const { admin, page } = await setUp();
    seedPrintWithVideo(fixture.app, {
      workspaceId: admin.workspaceId,
      username: admin.email,
      fileName: 'strip-check_benchy-lattice-vase-final-version-three_0.4n_0.2mm_PETG_MK4.gcode',
    });
    await openAs(page, fixture.app, admin, '/timelapse-videos');
    const card = page.getByTestId('video-card').first();
    const thumbnail = card.getByTestId('video-thumbnail');
    await expectVisible(thumbnail);
    const box = (await thumbnail.boundingBox())!;
    // readable: a picture, not 20 frames squeezed into a 15 px high band
    expect(box.height).toBeGreaterThanOrEqual(120);
    expect(Math.round((box.width / box.height) * 3)).toBe(4);
    const state = card.getByTestId('video-state').locator('.mantine-Badge-label');
    expect(await state.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    const frame = card.getByTestId('video-strip-frame');
    await expectVisible(frame);
    expect(await frame.getAttribute('data-frame')).toBe('0');
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect.poll(() => frame.getAttribute('data-frame')).toBe('19');
    await page.mouse.move(0, 0);
    await expectHidden(frame);

    await card.getByRole('link').first().click();
    const strip = page.getByTestId('video-strip');
    await expectVisible(strip);
    expect((await strip.boundingBox())!.height).toBeGreaterThanOrEqual(100);
    // on a phone, a long name wraps: the page never runs off to the side
    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  });

  it('shows the public videos on the public profile, as the confirmation promised', async () => {
    const { admin } = await setUp();
    seedPrintWithVideo(fixture.app, {
      workspaceId: admin.workspaceId,
      username: admin.email,
      fileName: 'lattice-vase.gcode',
      isPublic: true,
    });
    const { uniqueId } = await callApi<{ uniqueId: string }>(
      fixture.app,
      `/users/me/groups/${admin.workspaceId}/`,
      { token: admin.access, method: 'PATCH', body: { is_public: true } },
    );
    const visitor = await fixture.openPage();
    await visitor.goto(`${fixture.app.url}/public/${uniqueId}`);
    const videos = visitor.getByRole('region', { name: '1 public video' });
    await expectVisible(videos.getByTestId('public-video').getByText('lattice-vase'));
  });

  it('tells why an item that starts by itself waits, and the button it waits for', async () => {
    const { admin, page, add } = await setUp();
    const printer = await add({ name: 'Jobox Prusa', driver: 'octoprint' });
    await callApi(fixture.app, `/printers/${printer.id}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { jobox_enabled: true },
    });
    await callApi(fixture.app, `/users/me/groups/${admin.workspaceId}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { settings: { print_queue_enabled: true } },
    });
    const gcode = await uploadGcode(fixture.app, admin, 'next-part.gcode');
    await callApi(fixture.app, `/groups/${admin.workspaceId}/print-queue/`, {
      token: admin.access,
      body: { file: gcode.id, printer: printer.id, jobox_autostart: true },
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, fixture.app, admin, '/print-queue');
    const item = page.getByTestId('queue-item').filter({ hasText: 'next-part.gcode' });
    await expectVisible(item);
    await expectVisible(
      item
        .getByTestId('queue-item-autostart-wait')
        .getByText(
          "Waits for the plate of Jobox Prusa: remove the last print, then press Plate cleared on the printer's card.",
        ),
    );
    // what it says to press starts it
    await openAs(page, fixture.app, admin, '/printers');
    await printerCard(page, 'Jobox Prusa').getByTestId('plate-cleared').click();
    await expect
      .poll(() => printer.device.job?.fileName ?? null, { timeout: 30_000 })
      .toBe('next-part.gcode');
  });

  it('never starts a G-code by itself on a printer loaded with another filament; says why (en, cs)', async () => {
    const { admin, page, add } = await setUp();
    const printer = await add({ name: 'Jobox PETG', driver: 'octoprint' });
    await callApi(fixture.app, `/printers/${printer.id}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { jobox_enabled: true, filament_type: 'PETG' },
    });
    await callApi(fixture.app, `/users/me/groups/${admin.workspaceId}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { settings: { print_queue_enabled: true } },
    });
    const abs = await uploadGcode(
      fixture.app,
      admin,
      'abs-part.gcode',
      buildPrusaGcode({ filamentType: 'ABS' }),
    );
    const petg = await uploadGcode(
      fixture.app,
      admin,
      'petg-part.gcode',
      buildPrusaGcode({ filamentType: 'PETG' }),
    );
    for (const gcode of [abs, petg])
      await callApi(fixture.app, `/groups/${admin.workspaceId}/print-queue/`, {
        token: admin.access,
        body: { file: gcode.id, printer: printer.id, jobox_autostart: true },
      });
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, fixture.app, admin, '/print-queue');
    const absItem = page.getByTestId('queue-item').filter({ hasText: 'abs-part.gcode' });
    await expectVisible(
      absItem.getByText(
        'Does not start by itself: Jobox PETG is loaded with PETG, this G-code is for ABS.',
        { exact: false },
      ),
    );
    // the plate cleared: the jobox passes over the ABS item (first in the queue) to the PETG one
    await openAs(page, fixture.app, admin, '/printers');
    await printerCard(page, 'Jobox PETG').getByTestId('plate-cleared').click();
    await expect
      .poll(() => printer.device.job?.fileName ?? null, { timeout: 30_000 })
      .toBe('petg-part.gcode');
    const czech = await fixture.openPage({ locale: 'cs-CZ' });
    await czech.setViewportSize({ width: 390, height: 844 });
    await openAs(czech, fixture.app, admin, '/print-queue');
    await expectVisible(
      czech
        .getByTestId('queue-item')
        .filter({ hasText: 'abs-part.gcode' })
        .getByText('Sama se nespustí: Jobox PETG má zavedený PETG, tento G-code je pro ABS.', {
          exact: false,
        }),
    );
  });

  it('offers Re-print only on a printer that printed before (en, cs at 390 px)', async () => {
    const { admin, page, add } = await setUp();
    const printer = await add({ name: 'Fresh', driver: 'octoprint' });
    const gcode = await uploadGcode(fixture.app, admin, 'first.gcode');
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Fresh');
    await expectState(card, 'READY_TO_PRINT');
    await expectVisible(card.getByRole('button', { name: 'Print', exact: true }));
    expect(await card.getByRole('button', { name: 'Re-print' }).count()).toBe(0);

    const czech = await fixture.openPage({ locale: 'cs-CZ' });
    await czech.setViewportSize({ width: 390, height: 844 });
    await openAs(czech, fixture.app, admin, '/printers');
    const czechCard = printerCard(czech, 'Fresh');
    await expectVisible(czechCard.getByRole('button', { name: 'Tisk', exact: true }));
    expect(await czechCard.getByRole('button', { name: 'Tisknout znovu' }).count()).toBe(0);

    // the first print makes it possible
    await card.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('G-code', { exact: true }).click();
    await page.getByRole('option', { name: 'first.gcode' }).click();
    await dialog.getByRole('button', { name: 'Start print' }).click();
    await expect
      .poll(() => printer.device.job?.fileName ?? null, { timeout: 15_000 })
      .toBe('first.gcode');
    printer.device.finishJob();
    await card
      .getByRole('button', { name: 'Re-print' })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await card.getByRole('button', { name: 'Re-print' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByLabel('G-code', { exact: true }).inputValue())
      .toBe(gcode.name);
  });

  it('warns that a printer without a camera makes no video', async () => {
    const { admin, page, add } = await setUp();
    const blind = await add({ name: 'Blind', driver: 'octoprint' });
    await callApi(fixture.app, `/printers/${blind.id}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { camera_enabled: false },
    });
    await openAs(page, fixture.app, admin, '/printers');
    const card = printerCard(page, 'Blind');
    await expectState(card, 'READY_TO_PRINT');
    await card.getByRole('button', { name: 'Print', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Make video' }).check();
    await expectVisible(
      dialog.getByText('Blind has no camera: no video will be made of its print.'),
    );
    await dialog.getByRole('checkbox', { name: 'Make video' }).uncheck();
    await expectHidden(dialog.getByTestId('print-dialog-no-camera'));
  });

  it('keeps every printer that printed in the time chart, in minutes below an hour', async () => {
    const { admin, page } = await setUp();
    const now = Date.now();
    const job = (printerName: string, outcome: EndedJob['outcome'], seconds: number): EndedJob => ({
      workspaceId: admin.workspaceId,
      printerName,
      username: admin.email,
      startedMs: now - DAY_MS,
      seconds,
      outcome,
      grams: 3,
      millimetres: 900,
      printingTimeSec: seconds,
    });
    seedEndedJobs(fixture.app, [job('Mini', 'done', 1500), job('Quick', 'failed', 240)]);
    await openAs(page, fixture.app, admin, '/workspace-stats');
    await page.getByLabel('Date from').fill(dayOf(now - 6 * DAY_MS));
    await page.getByLabel('Date to').fill(dayOf(now));
    await page.getByRole('button', { name: 'Update' }).click();
    const printers = page.getByRole('region', { name: 'Printing hours per printer' });
    await expectVisible(printers.getByText('Mini'));
    await expectVisible(printers.getByText('Quick'));
    // the value axis: whole minutes, no "0 h, 0 h, 0.1 h"
    const readTicks = () =>
      printers
        .locator('.recharts-cartesian-axis-tick-value')
        .evaluateAll((elements) =>
          elements.map((element) => element.textContent?.trim() ?? '').filter(Boolean),
        );
    await expect
      .poll(async () => (await readTicks()).filter((tick) => tick.endsWith(' min')).length)
      .toBeGreaterThan(1);
    const ticks = await readTicks();
    expect(ticks.filter((tick) => / h$/.test(tick))).toEqual([]);
    expect(ticks).toContain('Quick');
  });
});

describe('browser notifications', () => {
  it('tells within seconds that the browser’s push service cannot be reached', async () => {
    const admin = await createAdmin(fixture.app, 'push@example.com');
    const page = await fixture.openPage();
    await page.context().grantPermissions(['notifications'], { origin: fixture.app.url });
    await openAs(page, fixture.app, admin, '/settings/account');
    const button = page.getByRole('button', { name: 'Turn on in this browser' });
    await button.click();
    // headless Chromium here has no push service to reach (no network beyond this machine)
    await expectVisible(page.getByText('This browser could not reach its push service'));
    expect(await button.getAttribute('data-loading')).toBeNull();
  });
});
