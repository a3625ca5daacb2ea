import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { startSimulatedFleet, type Fleet } from './support/fleet.js';
import { expectState, printerCard } from './support/printers-ui.js';
import {
  callApi,
  createAdmin,
  createDeviceKey,
  openAs,
  type Member,
} from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/** The print queue as a farm uses it, on simulated printers each driven by the real agent. */

const box = (page: Page, name: 'queue' | 'printing' | 'printed' | 'archive') =>
  page.getByTestId(`queue-box-${name}`);
const itemsIn = (scope: Locator) => scope.getByTestId('queue-item');
const namesIn = (scope: Locator) => itemsIn(scope).getByTestId('queue-item-name').allInnerTexts();

async function addPrinter(app: Parameters<typeof createDeviceKey>[0], admin: Member, name: string) {
  const key = await createDeviceKey(app, admin);
  const printer = await callApi<{ id: number }>(app, '/printers/', {
    token: admin.access,
    body: { group: admin.workspaceId, name, token: key, jobox_enabled: name.includes('Jobox') },
  });
  return { key, id: printer.id };
}

async function enableQueue(app: Parameters<typeof callApi>[0], admin: Member) {
  await callApi(app, `/users/me/groups/${admin.workspaceId}/`, {
    token: admin.access,
    method: 'PATCH',
    body: { settings: { print_queue_enabled: true } },
  });
}

describe('the print queue on the simulated fleet', () => {
  const fixture = useAppAndBrowser();
  const fleets: Fleet[] = [];
  afterAll(async () => {
    for (const fleet of fleets) await fleet.close();
  });

  it(
    'takes three files in, prints one from the queue through Printing to Printed, archives, duplicates and removes',
    { timeout: 180_000 },
    async () => {
      const { app } = fixture;
      const admin = await createAdmin(app, 'queue@example.com');
      await enableQueue(app, admin);
      const printer = await addPrinter(app, admin, 'Queue OctoPrint');
      fleets.push(
        await startSimulatedFleet({
          server: app.url,
          counts: { octoprint: 1 },
          keys: [printer.key],
          speed: 60,
        }),
      );
      // ten minutes at 60×: ten seconds in the Printing box, three of the page's 3 s looks (at
      // 30 s, under a second: the page could go from Queue straight to Printed)
      const bytes = buildPrusaGcode({ printSeconds: 600, filamentType: 'PETG' });
      const files = [];
      for (const name of ['bracket.gcode', 'hook.gcode', 'clip.gcode'])
        files.push(await uploadGcode(app, admin, name, bytes));

      const page = await fixture.openPage();
      await openAs(page, app, admin, '/printers');
      await expectState(printerCard(page, 'Queue OctoPrint'), 'READY_TO_PRINT', 30_000);
      await expectVisible(page.getByRole('link', { name: 'Print queue' }).first());

      // 1. From the G-code row menu, with the printer chosen.
      await openAs(page, app, admin, '/gcodes');
      await page.getByRole('button', { name: 'Actions for bracket.gcode' }).click();
      await page.getByRole('menuitem', { name: 'Add to queue' }).click();
      const dialog = page.getByTestId('queue-item-dialog');
      await dialog.getByTestId('queue-item-printer').click();
      await page.getByRole('option', { name: 'Queue OctoPrint' }).click();
      await dialog.getByTestId('queue-item-save').click();
      await expectVisible(dialog.getByText('The G-code was added to the print queue.'));
      await dialog.getByRole('button', { name: 'OK' }).click();

      // 2. From the G-code detail, without a printer.
      await openAs(page, app, admin, `/gcodes/${files[1]!.id}`);
      await page.locator('main').getByRole('button', { name: 'Add to queue' }).click();
      await expect.poll(() => dialog.getByTestId('queue-item-file').innerText()).toBe('hook.gcode');
      await dialog.getByTestId('queue-item-save').click();
      await dialog.getByRole('button', { name: 'OK' }).click();

      // 3. From the print dialog, then on to the queue.
      await openAs(page, app, admin, `/gcodes/${files[2]!.id}`);
      await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
      await page.getByTestId('print-dialog-add-to-queue').click();
      await dialog.getByTestId('queue-item-save').click();
      await dialog.getByRole('button', { name: 'See print queue' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/print-queue');
      await expect
        .poll(() => namesIn(box(page, 'queue')))
        .toEqual(['bracket.gcode', 'hook.gcode', 'clip.gcode']);
      const bracket = itemsIn(box(page, 'queue')).filter({ hasText: 'bracket.gcode' });
      await expectVisible(bracket.getByText('Queue OctoPrint'));
      await expectVisible(bracket.getByText(`Added by ${admin.email}`));

      // Print from the queue: Queue → Printing → Printed, as the simulated printer prints it.
      await bracket.getByRole('button', { name: 'Print' }).click();
      await expect
        .poll(() => namesIn(box(page, 'printing')), { timeout: 30_000 })
        .toEqual(['bracket.gcode']);
      expect(await namesIn(box(page, 'queue'))).toEqual(['hook.gcode', 'clip.gcode']);
      await expect
        .poll(() => namesIn(box(page, 'printed')), { timeout: 90_000, interval: 1000 })
        .toEqual(['bracket.gcode']);
      expect(
        fleets[0]!.printers[0]!.sim.printer.files.list().map((f: { path: string }) => f.path),
      ).toContain('bracket.gcode');

      // Archive.
      await itemsIn(box(page, 'printed')).getByRole('button', { name: 'Archive' }).click();
      await expect.poll(() => namesIn(box(page, 'archive'))).toEqual(['bracket.gcode']);
      expect(await namesIn(box(page, 'printed'))).toEqual([]);

      // Duplicate: the dialog with file and printer preselected; the copy joins the queue.
      const hook = itemsIn(box(page, 'queue')).filter({ hasText: 'hook.gcode' });
      await hook.getByRole('button', { name: 'Duplicate' }).click();
      await expect.poll(() => dialog.getByTestId('queue-item-file').innerText()).toBe('hook.gcode');
      await dialog.getByTestId('queue-item-save').click();
      await expect
        .poll(() => namesIn(box(page, 'queue')))
        .toEqual(['hook.gcode', 'clip.gcode', 'hook.gcode']);

      // Remove, after confirmation.
      await itemsIn(box(page, 'queue')).last().getByRole('button', { name: 'Remove' }).click();
      await page
        .getByRole('dialog', { name: 'Remove from the queue?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect.poll(() => namesIn(box(page, 'queue'))).toEqual(['hook.gcode', 'clip.gcode']);
    },
  );

  it(
    'a jobox printer takes the next item by itself after the previous print finished',
    { timeout: 180_000 },
    async () => {
      const { app } = fixture;
      const admin = await createAdmin(app, 'jobox@example.com');
      await enableQueue(app, admin);
      const printer = await addPrinter(app, admin, 'Jobox Klipper');
      fleets.push(
        await startSimulatedFleet({
          server: app.url,
          counts: { moonraker: 1 },
          keys: [printer.key],
          speed: 60,
        }),
      );
      // long enough for the page's 3 s looks to see the first in the Printing box
      const bytes = buildPrusaGcode({ printSeconds: 600, filamentType: 'PETG' });
      const first = await uploadGcode(app, admin, 'first.gcode', bytes);
      const second = await uploadGcode(app, admin, 'second.gcode', bytes);

      const page = await fixture.openPage();
      await openAs(page, app, admin, '/printers');
      await expectState(printerCard(page, 'Jobox Klipper'), 'READY_TO_PRINT', 30_000);
      await callApi(app, `/groups/${admin.workspaceId}/print-queue/`, {
        token: admin.access,
        body: { file: first.id, printer: printer.id },
      });

      // The second item with the automatic start, through the dialog's jobox switch.
      await openAs(page, app, admin, `/gcodes/${second.id}`);
      await page.locator('main').getByRole('button', { name: 'Add to queue' }).click();
      const dialog = page.getByTestId('queue-item-dialog');
      await dialog.getByTestId('queue-item-printer').click();
      await page.getByRole('option', { name: 'Jobox Klipper' }).click();
      await dialog.getByRole('switch', { name: 'Start automatically' }).check();
      await dialog.getByTestId('queue-item-save').click();
      await dialog.getByRole('button', { name: 'See print queue' }).click();

      await expect.poll(() => namesIn(box(page, 'queue'))).toEqual(['first.gcode', 'second.gcode']);
      await expectVisible(
        itemsIn(box(page, 'queue'))
          .filter({ hasText: 'second.gcode' })
          .getByText('Starts by itself', { exact: true }),
      );
      await itemsIn(box(page, 'queue'))
        .filter({ hasText: 'first.gcode' })
        .getByRole('button', { name: 'Print' })
        .click();
      await expect
        .poll(() => namesIn(box(page, 'printing')), { timeout: 30_000 })
        .toContain('first.gcode');
      // Nobody presses anything: when the first print is done the jobox starts the second.
      await expect
        .poll(() => namesIn(box(page, 'queue')), { timeout: 90_000, interval: 1000 })
        .toEqual([]);
      const auto = itemsIn(page.getByTestId('queue-box-printing'))
        .or(itemsIn(box(page, 'printed')))
        .filter({ hasText: 'second.gcode' });
      await expectVisible(auto.getByText('Started by the jobox'));
      const jobs = await callApi<{ results: Array<{ file_name: string }> }>(
        app,
        `/groups/${admin.workspaceId}/print-jobs/`,
        { token: admin.access },
      );
      expect(jobs.results.map((job) => job.file_name).sort()).toEqual([
        'first.gcode',
        'second.gcode',
      ]);
    },
  );
});
