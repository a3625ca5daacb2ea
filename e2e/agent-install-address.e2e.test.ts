import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { useInstallRun } from './support/install-run.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/**
 * Issue 24: without PUBLIC_URL the install command carries the address the admin's browser
 * used. The page is opened at this machine's own network address (not loopback), and the agent
 * installed with the command it shows connects to the server.
 */

interface Moonraker {
  url: string;
  close(): Promise<void>;
}
const SIMULATOR_MODULE: string = '@printdeck/simulator';

/** This machine's first IPv4 address that is not loopback: what a Raspberry Pi would dial. */
function findNetworkAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

const networkAddress = findNetworkAddress();

describe('the install command without PUBLIC_URL', () => {
  const fixture = useAppAndBrowser({ env: () => ({ HOST: '0.0.0.0', PUBLIC_URL: '' }) });
  const run = useInstallRun('address');
  let sim: Moonraker | undefined;
  afterAll(async () => {
    await sim?.close();
  });

  /** A new admin and a fresh page, with the app seen at `baseUrl`. */
  async function prepare(baseUrl: string, email: string) {
    const app = { ...fixture.app, url: baseUrl };
    const admin = await createAdmin(fixture.app, email);
    const page = await fixture.openPage();
    return { page, admin, app };
  }

  /** On the printers settings page: adds a Klipper printer with a new device key. */
  async function fillAndAdd(page: Awaited<ReturnType<typeof fixture.openPage>>, name: string) {
    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /Klipper device/ }).click();
    await page.getByLabel('Printer name').fill(name);
    await page.getByRole('button', { name: 'No key yet? Create one' }).click();
    await expect.poll(() => page.getByLabel('Device key').inputValue()).toMatch(/\S{20,}/);
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectVisible(page.getByText('Waiting for the agent…'));
  }

  it.skipIf(!networkAddress)(
    "shows the browser's network address, and the agent from the command connects",
    async () => {
      const { startVirtualMoonraker } = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as {
        startVirtualMoonraker(options: object): Promise<Moonraker>;
      };
      sim = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 50 });
      const lanUrl = `http://${networkAddress}:${new URL(fixture.app.url).port}`;
      const { page, admin, app } = await prepare(lanUrl, 'ada@example.com');
      await openAs(page, app, admin, '/settings/printers');
      await fillAndAdd(page, 'Voron 2.4');

      const address = page.getByLabel("Printdeck's address as the printer's computer sees it");
      expect(await address.inputValue()).toBe(lanUrl);
      await expect.poll(() => page.getByTestId('agent-loopback').count()).toBe(0);
      await page.getByLabel("Moonraker's address on that computer").fill(sim.url);
      const command = (await page.getByTestId('agent-install-command').innerText()).trim();
      expect(command).toContain(`curl -fsSL '${lanUrl}/agent/install.sh'`);
      expect(command).toContain(`--server '${lanUrl}'`);

      const agent = run.startAgent(await run.install(command));

      await expectVisible(page.getByText('Connected: the agent is online.'));
      expect(agent.output()).not.toContain('could not reach');
    },
  );

  it('warns about a loopback address, and after a minute says what to check', async () => {
    const { page, admin, app } = await prepare(fixture.app.url, 'bob@example.com');
    await page.clock.install();
    await openAs(page, app, admin, '/settings/printers');
    await fillAndAdd(page, 'Ender 3');

    const address = page.getByLabel("Printdeck's address as the printer's computer sees it");
    expect(await address.inputValue()).toBe(fixture.app.url);
    await expectVisible(page.getByTestId('agent-loopback'));
    await address.fill('http://farm-server.lan:8080');
    await expect.poll(() => page.getByTestId('agent-loopback').count()).toBe(0);
    expect(await page.getByTestId('agent-install-command').innerText()).toContain(
      "--server 'http://farm-server.lan:8080'",
    );

    await page.clock.fastForward(61_000);
    await expectVisible(
      page.getByText(
        'The agent has not connected: check that the printer can reach http://farm-server.lan:8080.',
        { exact: false },
      ),
    );
  });
});
