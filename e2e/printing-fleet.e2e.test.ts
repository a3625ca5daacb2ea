import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { startSimulatedFleet, type Fleet } from './support/fleet.js';
import { expectNotification, expectState, printerCard } from './support/printers-ui.js';
import { callApi, createAdmin, createDeviceKey, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/**
 * Printing as a person does it, on a virtual OctoPrint, a virtual Klipper and a pill, each
 * driven by the real agent: the file travels by its signed link through every agent.
 */
describe('printing on the simulated fleet', () => {
  const fixture = useAppAndBrowser();
  let fleet: Fleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });

  it(
    'prints one G-code on three kinds of printer at once, sees them print and finish, and re-prints',
    { timeout: 180_000 },
    async () => {
      const admin = await createAdmin(fixture.app, 'farm@example.com');
      const names = ['OctoPrint 1', 'Klipper 1', 'Pill 1'];
      const keys: string[] = [];
      const ids: number[] = [];
      for (const name of names) {
        const key = await createDeviceKey(fixture.app, admin);
        keys.push(key);
        const printer = await callApi<{ id: number }>(fixture.app, '/printers/', {
          token: admin.access,
          body: { group: admin.workspaceId, name, token: key },
        });
        ids.push(printer.id);
      }
      fleet = await startSimulatedFleet({
        server: fixture.app.url,
        counts: { octoprint: 1, moonraker: 1, pill: 1 },
        keys,
        speed: 60,
      });
      // A 30-second print as PrusaSlicer writes it; at 60× it heats up and ends in seconds.
      const gcode = await uploadGcode(
        fixture.app,
        admin,
        'plate.gcode',
        buildPrusaGcode({ printSeconds: 30, filamentType: 'PETG' }),
      );

      const page = await fixture.openPage();
      await openAs(page, fixture.app, admin, '/printers');
      for (const name of names)
        await expectState(printerCard(page, name), 'READY_TO_PRINT', 30_000);

      // A printer loaded with another filament: the hint, and the spec's message on start.
      await callApi(fixture.app, `/printers/${ids[0]}/`, {
        token: admin.access,
        method: 'PATCH',
        body: { filament_type: 'PLA' },
      });
      await openAs(page, fixture.app, admin, `/gcodes/${gcode.id}`);
      await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('switch', { name: 'Several printers' }).check();
      for (const name of names) await dialog.getByRole('checkbox', { name, exact: true }).check();
      await expectVisible(dialog.getByText('Filament does not match'));
      await dialog.getByRole('button', { name: 'Start print' }).click();
      await expectVisible(
        dialog.getByText('Not all selected printers have loaded the correct filament type.'),
      );
      await page.keyboard.press('Escape');
      await callApi(fixture.app, `/printers/${ids[0]}/`, {
        token: admin.access,
        method: 'PATCH',
        body: { filament_type: 'PETG' },
      });

      // All three at once.
      await page.reload();
      await page.locator('main').getByRole('button', { name: 'Print', exact: true }).click();
      await dialog.getByRole('switch', { name: 'Several printers' }).check();
      for (const name of names) await dialog.getByRole('checkbox', { name, exact: true }).check();
      await dialog.getByRole('button', { name: 'Start print' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // The file reached every printer through its agent, and each printed it to the end.
      for (const printer of fleet.printers) {
        await expect
          .poll(() => printer.sim.printer.files.list().map((f: { path: string }) => f.path), {
            timeout: 30_000,
          })
          .toContain('plate.gcode');
      }
      const history = page.getByTestId('gcode-print-history');
      await expect
        .poll(() => history.getByTestId('print-job').count(), { timeout: 30_000 })
        .toBe(3);
      const outcomes = async () =>
        (
          await callApi<{ results: Array<{ outcome: string }> }>(
            fixture.app,
            `/groups/${admin.workspaceId}/print-jobs/?file_id=${gcode.id}`,
            { token: admin.access },
          )
        ).results.map((job) => job.outcome);
      await expect
        .poll(outcomes, { timeout: 90_000, interval: 1000 })
        .toEqual(['done', 'done', 'done']);
      await page.reload();
      await expect.poll(() => history.getByText('Done', { exact: true }).count()).toBe(3);

      // Re-print from a card opens the dialog with that file.
      await openAs(page, fixture.app, admin, '/printers');
      await expectState(printerCard(page, 'Klipper 1'), 'READY_TO_PRINT', 30_000);
      await printerCard(page, 'Klipper 1').getByRole('button', { name: 'Re-print' }).click();
      await expect
        .poll(() => page.getByRole('dialog').getByLabel('G-code', { exact: true }).inputValue())
        .toBe('plate.gcode');
      await page.keyboard.press('Escape');

      // Once the file is gone, re-print says so.
      await callApi(fixture.app, `/groups/${admin.workspaceId}/files/${gcode.id}/`, {
        token: admin.access,
        method: 'DELETE',
      });
      await printerCard(page, 'Klipper 1').getByRole('button', { name: 'Re-print' }).click();
      await expectNotification(
        page,
        'Gcode deleted',
        'The previous gcode was deleted and cannot be printed again.',
      );
    },
  );

  it('shows a new workspace both empty states on the dashboard', async () => {
    const admin = await createAdmin(fixture.app, 'fresh@example.com');
    const page = await fixture.openPage();
    await openAs(page, fixture.app, admin, '/');
    await expectVisible(
      page.getByText(
        'This workspace has no printers yet. Add one to watch and control it from here.',
      ),
    );
    await expectVisible(page.getByRole('button', { name: 'Upload G-code' }).first());
  });
});
