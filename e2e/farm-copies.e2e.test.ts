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
import { expectHidden } from './support/ui.js';

/**
 * Issue 26, done when: "load a spool on a printer, queue ten copies of a PETG part and watch
 * them spread over the matching printers only". Three simulated printers, each driven by the
 * real agent, with an automatic plate changer (jobox) so that a printer takes the next copy
 * once its print is done: two hold PETG, one PLA.
 */

const box = (page: Page, name: 'queue' | 'printing' | 'printed') =>
  page.getByTestId(`queue-box-${name}`);
const itemsIn = (scope: Locator) => scope.getByTestId('queue-item');

async function addJoboxPrinter(
  app: Parameters<typeof createDeviceKey>[0],
  admin: Member,
  name: string,
) {
  const key = await createDeviceKey(app, admin);
  const printer = await callApi<{ id: number }>(app, '/printers/', {
    token: admin.access,
    body: { group: admin.workspaceId, name, token: key, jobox_enabled: true },
  });
  return { key, id: printer.id, name };
}

async function addSpool(app: Parameters<typeof callApi>[0], admin: Member, material: string) {
  const [spool] = await callApi<Array<{ id: number }>>(
    app,
    `/groups/${admin.workspaceId}/spools/`,
    {
      token: admin.access,
      body: {
        material,
        color_hex: material === 'PETG' ? '#111111' : '#ffffff',
        color_name: material === 'PETG' ? 'Black' : 'White',
        brand: 'Prusament',
        initial_weight_g: 1000,
        cost_per_kg: 25,
      },
    },
  );
  return spool!.id;
}

describe('ten copies on a farm', () => {
  const fixture = useAppAndBrowser();
  const fleets: Fleet[] = [];
  afterAll(async () => {
    for (const fleet of fleets) await fleet.close();
  });

  // at ×60 a copy prints in half a second, shorter than a state push: its end can be recorded
  // before its start's answer is back (the plate must stay cleared, issue 26)
  it(
    'loads PETG on two printers, queues ten copies of a PETG part, and they print on those two only',
    { timeout: 360_000 },
    async () => {
      const { app } = fixture;
      const admin = await createAdmin(app, 'copies@example.com');
      await callApi(app, `/users/me/groups/${admin.workspaceId}/`, {
        token: admin.access,
        method: 'PATCH',
        body: { settings: { print_queue_enabled: true, queue_dispatch_enabled: true } },
      });
      const printers = [
        await addJoboxPrinter(app, admin, 'PETG A'),
        await addJoboxPrinter(app, admin, 'PETG B'),
        await addJoboxPrinter(app, admin, 'PLA C'),
      ];
      fleets.push(
        await startSimulatedFleet({
          server: app.url,
          counts: { octoprint: 3 },
          keys: printers.map((printer) => printer.key),
          speed: 60,
        }),
      );
      const [, petgB, plaC] = printers as [
        (typeof printers)[0],
        (typeof printers)[0],
        (typeof printers)[0],
      ];
      const spoolA = await addSpool(app, admin, 'PETG');
      const spoolB = await addSpool(app, admin, 'PETG');
      const spoolC = await addSpool(app, admin, 'PLA');
      // the other two loaded through the API; PETG A from its card, as an operator does
      for (const [printer, spool] of [
        [petgB, spoolB],
        [plaC, spoolC],
      ] as const)
        await callApi(app, `/printers/${printer.id}/spools/0/`, {
          token: admin.access,
          method: 'PUT',
          body: { spool_id: spool },
        });
      const part = await uploadGcode(
        app,
        admin,
        'petg-bracket.gcode',
        buildPrusaGcode({ printSeconds: 30, filamentType: 'PETG' }),
      );

      const page = await fixture.openPage();
      await openAs(page, app, admin, '/printers');
      for (const printer of printers)
        await expectState(printerCard(page, printer.name), 'READY_TO_PRINT', 30_000);
      const card = printerCard(page, 'PETG A');
      await card.getByRole('button', { name: 'Load spool' }).click();
      const load = page.getByRole('dialog', { name: 'Load a spool on PETG A' });
      await load.getByRole('textbox', { name: 'Spool' }).click();
      await page.getByRole('option', { name: new RegExp(`^#${spoolA} PETG`) }).click();
      await load.getByRole('button', { name: 'Load', exact: true }).click();
      await expectHidden(load);
      await expect
        .poll(() => card.getByTestId('loaded-spool').innerText(), { timeout: 10_000 })
        .toContain('PETG · Black');
      // the plates are empty: each printer may take work
      for (const printer of printers)
        await callApi(app, `/printers/${printer.id}/plate-cleared/`, {
          token: admin.access,
          body: {},
        });

      // ten copies, no printer chosen, from the G-code's page
      await openAs(page, app, admin, `/gcodes/${part.id}`);
      await page.locator('main').getByRole('button', { name: 'Add to queue' }).click();
      const dialog = page.getByTestId('queue-item-dialog');
      await dialog.getByTestId('queue-item-copies').fill('10');
      await dialog.getByTestId('queue-item-save').click();
      await dialog.getByRole('button', { name: 'See print queue' }).click();
      // the queue page's code loads on first use: slow on a loaded machine
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
        .toBe('/print-queue');

      // at no time more than the two PETG printers print; in the end all ten are printed
      let mostAtOnce = 0;
      await expect
        .poll(
          async () => {
            mostAtOnce = Math.max(mostAtOnce, await itemsIn(box(page, 'printing')).count());
            return itemsIn(box(page, 'printed')).count();
          },
          { timeout: 200_000, interval: 500 },
        )
        .toBe(10);
      expect(mostAtOnce).toBeLessThanOrEqual(2);
      await expect
        .poll(
          () => itemsIn(box(page, 'printed')).first().getByTestId('queue-item-copies').innerText(),
          { timeout: 15_000 },
        )
        .toMatch(/10 of 10 done/);

      const jobs = await callApi<{ results: Array<{ printer_name: string; file_name: string }> }>(
        app,
        `/groups/${admin.workspaceId}/print-jobs/?limit=50`,
        { token: admin.access },
      );
      const byPrinter = new Map<string, number>();
      for (const job of jobs.results)
        byPrinter.set(job.printer_name, (byPrinter.get(job.printer_name) ?? 0) + 1);
      expect(jobs.results).toHaveLength(10);
      expect(byPrinter.get('PLA C')).toBeUndefined();
      // spread: both PETG printers took copies
      expect(byPrinter.get('PETG A')).toBeGreaterThan(0);
      expect(byPrinter.get('PETG B')).toBeGreaterThan(0);
    },
  );
});
