import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { useInstallRun } from './support/install-run.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/**
 * The one-line install command the add-printer page shows, copied from the page and run with
 * bash against the running product (issue 17). No sudo and no systemd here: a `sudo` that just
 * runs its command stands in for the first, PRINTDECK_INSTALL_ROOT keeps the installer's files
 * in a temporary root and makes it print the start command instead of enabling a service.
 */

interface Moonraker {
  url: string;
  close(): Promise<void>;
}
const SIMULATOR_MODULE: string = '@printdeck/simulator';

describe('installing the agent with the command from the page', () => {
  const fixture = useAppAndBrowser();
  const run = useInstallRun('install');
  let sim: Moonraker | undefined;
  afterAll(async () => {
    await sim?.close();
  });

  it('adds a Klipper printer with a new key, runs the shown command, and the page says connected', async () => {
    const { startVirtualMoonraker } = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as {
      startVirtualMoonraker(options: object): Promise<Moonraker>;
    };
    sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 50 });
    const { app } = fixture;
    const admin = await createAdmin(app, 'ada@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/printers');

    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /Klipper device/ }).click();
    await page.getByLabel('Printer name').fill('Voron 2.4');
    await page.getByRole('button', { name: 'No key yet? Create one' }).click();
    await expect.poll(() => page.getByLabel('Device key').inputValue()).toMatch(/\S{20,}/);
    const key = await page.getByLabel('Device key').inputValue();
    await page.getByRole('button', { name: 'Add printer' }).click();

    await expectVisible(page.getByText('Waiting for the agent…'));
    // the simulated Moonraker is not on this machine's port 7125: the address field says where
    await page.getByLabel("Moonraker's address on that computer").fill(sim.url);
    const command = (await page.getByTestId('agent-install-command').innerText()).trim();
    expect(command).toContain(`--moonraker '${sim.url}'`);
    for (const url of command.match(/https?:\/\/[^' ]+/g) ?? []) expect(url).not.toContain(key);

    run.startAgent(await run.install(command));

    await expectVisible(page.getByText('Connected: the agent is online.'));
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');
  });
});
