import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/**
 * A LAN printer's connection edited in its settings (issue 25): the address and the password
 * of a PrusaLink printer, each refusal shown on its field, the stored password kept while its
 * field is empty, and the right one saved.
 */

interface PrusaLink {
  url: string;
  close(): Promise<void>;
}
const SIMULATOR_MODULE: string = '@printdeck/simulator';
const PASSWORD = 'Tr7bQ2xZ';

let prusa: PrusaLink;

describe('LAN printer connection in the printer settings', () => {
  beforeAll(async () => {
    const simulator = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as {
      startVirtualPrusaLink(options: object): Promise<PrusaLink>;
    };
    prusa = await simulator.startVirtualPrusaLink({
      speed: 10,
      tickMs: 50,
      printer: { homingSeconds: 0 },
      password: PASSWORD,
    });
  });
  afterAll(async () => {
    await prusa?.close();
  });
  const fixture = useAppAndBrowser({ env: () => ({ LAN_PRINTER_NETWORKS: '127.0.0.0/8' }) });

  it('shows the address, refuses a dead address and a wrong password on their fields, saves', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'lan-edit@example.com');
    const printer = await callApi<{ id: number }>(app, '/lan-printers/', {
      token: admin.access,
      body: {
        group: admin.workspaceId,
        name: 'MK4 by the door',
        kind: 'prusalink',
        url: prusa.url,
        password: PASSWORD,
      },
    });
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/printers/${admin.workspaceId}/${printer.id}`);

    const section = page.getByRole('form', { name: 'Connection' });
    await expectVisible(section);
    const address = section.getByLabel("PrusaLink's address");
    await expect.poll(() => address.inputValue()).toBe(prusa.url);
    const password = section.getByLabel('Password', { exact: true });
    expect(await password.inputValue()).toBe('');
    expect(await password.getAttribute('placeholder')).toMatch(/leave empty to keep/);

    // nothing answers there: said on the address, nothing saved
    await address.fill('http://127.0.0.1:9');
    await section.getByRole('button', { name: 'Save connection' }).click();
    await expectVisible(section.getByText(/The printer does not answer at this address/));

    // the printer refuses the password: said on the password
    await address.fill(prusa.url);
    await password.fill('wrong-password');
    await section.getByRole('button', { name: 'Save connection' }).click();
    await expectVisible(section.getByText(/PrusaLink refused the user name or password/));
    const stored = () =>
      callApi<{ url: string; has_password: boolean }>(
        app,
        `/printers/${printer.id}/lan-connection/`,
        { token: admin.access },
      );
    expect(await stored()).toMatchObject({ url: prusa.url, has_password: true });

    await password.fill(PASSWORD);
    await section.getByRole('button', { name: 'Save connection' }).click();
    await expectVisible(page.getByText('Connection saved. The server uses it now.'));
    await expect.poll(() => password.inputValue()).toBe('');
    expect(await section.getByText(/refused|does not answer/).count()).toBe(0);

    // an empty password keeps the stored one: saved again without it, the printer accepts
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/printers/${printer.id}/lan-connection/`) &&
        response.request().method() === 'PUT',
    );
    await section.getByRole('button', { name: 'Save connection' }).click();
    expect((await saved).status()).toBe(200);
    expect(await stored()).toMatchObject({ url: prusa.url, has_password: true });
  }, 120_000);
});
