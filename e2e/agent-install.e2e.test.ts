import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
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
  const work = mkdtempSync(path.join(os.tmpdir(), 'printdeck-e2e-install-'));
  const children: ChildProcess[] = [];
  let sim: Moonraker | undefined;
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

    const shims = path.join(work, 'bin');
    mkdirSync(shims, { recursive: true });
    writeFileSync(path.join(shims, 'sudo'), '#!/bin/sh\nexec "$@"\n');
    chmodSync(path.join(shims, 'sudo'), 0o755);
    const env = {
      PATH: `${shims}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: work,
      PRINTDECK_INSTALL_ROOT: path.join(work, 'root'),
    };
    const install = bash(command, env);
    expect(await install.exited, install.output()).toBe(0);
    const start = /^ {2}(.+ --config .+)$/m.exec(install.output())?.[1];
    expect(start, install.output()).toBeDefined();
    bash(start!, { PATH: env.PATH, HOME: work });

    await expectVisible(page.getByText('Connected: the agent is online.'));
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');
  });
});
