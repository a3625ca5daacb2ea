import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { useInstallRun } from './support/install-run.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/**
 * A Bambu Lab printer added from the page (issue 25): where to find the address, serial and
 * access code is said before adding; the shown command is run with bash as in
 * agent-install.e2e.test.ts (a `sudo` shim, PRINTDECK_INSTALL_ROOT), the installer takes the
 * access code from BAMBU_ACCESS_CODE, and the installed agent reaches the virtual P1S.
 */

interface Bambu {
  host: string;
  serial: string;
  accessCode: string;
  mqttPort: number;
  ftpsPort: number;
  cameraPort: number;
  close(): Promise<void>;
}
const SIMULATOR_MODULE: string = '@printdeck/simulator';

describe('adding a Bambu Lab printer with the command from the page', () => {
  const fixture = useAppAndBrowser();
  const run = useInstallRun('bambu');
  let sim: Bambu | undefined;
  afterAll(async () => {
    await sim?.close();
  });

  it('says where the credentials are, installs the agent as shown, and the printer connects', async () => {
    const { startVirtualBambu } = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as {
      startVirtualBambu(options: object): Promise<Bambu>;
    };
    sim = await startVirtualBambu({ speed: 0, tickMs: 10, pushIntervalMs: 50 });
    const { app } = fixture;
    const admin = await createAdmin(app, 'ada@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/printers');

    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /Bambu Lab \(LAN mode\)/ }).click();
    await expectVisible(page.getByText('Add Bambu Lab printer (LAN mode)'));
    await expectVisible(page.getByTestId('bambu-credentials-hint'));
    await expect
      .poll(() => page.getByTestId('bambu-credentials-hint').innerText())
      .toMatch(/Settings → Network \(WLAN\).*access code.*Settings → Device the serial number/s);
    await page.getByLabel('Printer name').fill('P1S');
    await page.getByRole('button', { name: 'No key yet? Create one' }).click();
    await expect.poll(() => page.getByLabel('Device key').inputValue()).toMatch(/\S{20,}/);
    await page.getByRole('button', { name: 'Add printer' }).click();

    await expectVisible(page.getByText('Waiting for the agent…'));
    await page.getByLabel(/The printer's IP address/).fill(sim.host);
    await page.getByTestId('bambu-serial').fill(sim.serial.toLowerCase());
    const command = (await page.getByTestId('agent-install-command').innerText()).trim();
    expect(command).toContain(`--bambu '${sim.host}' --bambu-serial '${sim.serial}'`);
    expect(command).not.toContain(sim.accessCode);

    const start = await run.install(command, { BAMBU_ACCESS_CODE: sim.accessCode });
    // the simulator's ports stand in for 8883 and 990: the environment wins over the config file
    run.startAgent(start, {
      BAMBU_MQTT_PORT: String(sim.mqttPort),
      BAMBU_FTPS_PORT: String(sim.ftpsPort),
      BAMBU_CAMERA_PORT: String(sim.cameraPort),
    });

    await expectVisible(page.getByText('Connected: the agent is online.'));
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');
  });
});
