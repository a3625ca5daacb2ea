import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
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
  const work = mkdtempSync(path.join(os.tmpdir(), 'printdeck-e2e-bambu-'));
  const children: ChildProcess[] = [];
  let sim: Bambu | undefined;
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await sim?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const bash = (script: string, env: Record<string, string>) => {
    const child = spawn('bash', ['-c', script], { cwd: work, env });
    children.push(child);
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { exited, output: () => output };
  };

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

    const shims = path.join(work, 'bin');
    mkdirSync(shims, { recursive: true });
    writeFileSync(path.join(shims, 'sudo'), '#!/bin/sh\nexec "$@"\n');
    chmodSync(path.join(shims, 'sudo'), 0o755);
    const env = {
      PATH: `${shims}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: work,
      PRINTDECK_INSTALL_ROOT: path.join(work, 'root'),
      BAMBU_ACCESS_CODE: sim.accessCode,
    };
    const install = bash(command, env);
    expect(await install.exited, install.output()).toBe(0);
    const start = /^ {2}(.+ --config .+)$/m.exec(install.output())?.[1];
    expect(start, install.output()).toBeDefined();
    // the simulator's ports stand in for 8883 and 990: the environment wins over the config file
    bash(start!, {
      PATH: env.PATH,
      HOME: work,
      BAMBU_MQTT_PORT: String(sim.mqttPort),
      BAMBU_FTPS_PORT: String(sim.ftpsPort),
      BAMBU_CAMERA_PORT: String(sim.cameraPort),
    });

    await expectVisible(page.getByText('Connected: the agent is online.'));
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');
  });
});
