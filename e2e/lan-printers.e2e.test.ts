import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { expectState, printerCard } from './support/printers-ui.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/** LAN mode (issue 17) in the browser: the chooser's fourth way, a refused address, a printer. */

interface Moonraker {
  url: string;
  close(): Promise<void>;
}
const SIMULATOR_MODULE: string = '@printdeck/simulator';

describe('adding a printer on this network (LAN mode)', () => {
  const fixture = useAppAndBrowser({ env: () => ({ LAN_PRINTER_NETWORKS: '127.0.0.0/8' }) });
  let sim: Moonraker | undefined;
  afterAll(async () => {
    await sim?.close();
  });

  it('refuses an address outside the networks on the form, then adds a Moonraker that comes online', async () => {
    const { startVirtualMoonraker } = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as {
      startVirtualMoonraker(options: object): Promise<Moonraker>;
    };
    sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 100 });
    const { app } = fixture;
    const admin = await createAdmin(app, 'lan@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/printers');

    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /A printer on this network/ }).click();
    // the form's chunk may still be loading: the list's own "Add printer" is there until then
    await page.waitForURL(/\/settings\/printers\/\d+\/create-lan$/);
    await expectVisible(page.getByLabel('Printer name'));
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectVisible(page.getByText('Printer name can`t be empty.'));
    await expectVisible(page.getByText('API key can`t be empty.'));

    await page.getByLabel('Printer name').fill('Voron on the LAN');
    await page.getByText('Klipper (Moonraker)').click();
    await page.getByLabel("Moonraker's address").fill('http://10.20.30.40:7125');
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectVisible(
      page.getByText(/The server may not use this address: 10\.20\.30\.40 is outside/),
    );

    await page.getByLabel("Moonraker's address").fill(sim.url);
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectPath(page, '/settings/printers');
    await page.goto(`${app.url}/printers`);
    await expectState(printerCard(page, 'Voron on the LAN'), 'READY_TO_PRINT');
    expect(page.url()).toContain('/printers');
  });
});
