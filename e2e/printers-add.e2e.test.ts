import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { FakePrinter as Device } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import {
  expectNotification,
  expectSettingsPrinter,
  expectState,
  printerCard,
} from './support/printers-ui.js';
import { callApi, createAdmin, createDeviceKey, openAs } from './support/printers-world.js';
import { expectHeading, expectPath, expectVisible } from './support/ui.js';

describe('adding printers', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  const goOnline = async (key: string, driver: 'octoprint' | 'moonraker' | 'pill') => {
    const device = new Device({ serverUrl: fixture.app.url, deviceKey: key, driver });
    devices.push(device);
    await device.connect();
  };

  it('adds a pill and a Klipper device with a device key, with every message of the form, and sees them come online', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'grace@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings');

    await page.getByRole('link', { name: /Printers/ }).click();
    await expectHeading(page, 'Printers');
    await expectVisible(page.getByText('There are no printers in this workspace yet.'));

    // The chooser: pill.
    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /Printdeck pill/ }).click();
    await expectHeading(page, 'Add Printdeck pill');
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectVisible(page.getByText('Printer name can`t be empty.'));
    await expectVisible(page.getByText('Code can`t be empty.'));

    await page.getByLabel('Printer name').fill('Pill on the Ender');
    await page.getByLabel('Device key').fill('not-a-real-key');
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectNotification(page, 'Invalid device key', 'The provided device key is not valid.');
    await expectHeading(page, 'Add Printdeck pill');

    const pillKey = await createDeviceKey(app, admin);
    await page.getByLabel('Device key').fill(pillKey);
    await page.getByText('90°', { exact: true }).click();
    await page.getByRole('button', { name: 'Add printer' }).click();
    await expectSettingsPrinter(page, 'Pill on the Ender');
    await expectVisible(page.getByText('Printer Pill on the Ender was added.'));

    // The chooser again: Klipper.
    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /Klipper device/ }).click();
    await expectHeading(page, 'Add Klipper device');
    const klipperKey = await createDeviceKey(app, admin);
    await page.getByLabel('Printer name').fill('Voron');
    await page.getByLabel('Device key').fill(klipperKey);
    await page.getByRole('button', { name: 'Add printer' }).click();
    // the agent's install command for the new Klipper printer, until its agent connects
    await expectVisible(page.getByText('Waiting for the agent…'));
    expect(await page.getByTestId('agent-install-command').innerText()).toContain(klipperKey);
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');

    const printers = await callApi<{ name: string; camera_rotation: number }[]>(
      app,
      `/groups/${admin.workspaceId}/printers/`,
      { token: admin.access },
    );
    expect(printers.map((p) => [p.name, p.camera_rotation])).toEqual([
      ['Pill on the Ender', 90],
      ['Voron', 0],
    ]);

    // Both devices come online: the cards go from Offline to Ready.
    await page.goto(`${app.url}/printers`);
    await expectState(printerCard(page, 'Voron'), 'NOT_CONNECTED_TO_PROXY_SERVER');
    await goOnline(pillKey, 'pill');
    await goOnline(klipperKey, 'moonraker');
    await expectState(printerCard(page, 'Pill on the Ender'), 'READY_TO_PRINT');
    await expectState(printerCard(page, 'Voron'), 'READY_TO_PRINT');
    await page.getByRole('link', { name: 'Voron', exact: true }).click();
    await expectVisible(page.getByRole('tab', { name: 'Klipper console' }));
  });

  it('adds an OctoPrint device: Continue asks for a device key, confirms, creates, shows the install command until the agent connects', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'linus@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/printers');

    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByRole('link', { name: /OctoPrint device/ }).click();
    await expectHeading(page, 'Add OctoPrint device');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByText('Printer name can`t be empty.'));
    await expectVisible(page.getByText('API key can`t be empty.'));

    await page.getByLabel('Printer name').fill('Prusa MK3S');
    await page.getByLabel('OctoPrint API key').fill('0123456789ABCDEF');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save printer' });
    await expectVisible(dialog.getByText('Add Prusa MK3S to this workspace?'));
    const deviceKey = (await dialog.getByTestId('new-device-key').innerText()).trim();
    expect(deviceKey.length).toBeGreaterThan(10);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const command = page.getByTestId('agent-install-command');
    expect(await command.innerText()).toContain(`echo '${deviceKey}' | sudo bash`);
    await expectVisible(page.getByText('Waiting for the agent…'));
    await goOnline(deviceKey, 'octoprint');
    await expectVisible(page.getByText('Connected: the agent is online.'));
    await page.getByRole('button', { name: 'Done' }).click();
    await expectPath(page, '/settings/printers');
    await expectVisible(page.getByRole('cell', { name: 'Prusa MK3S', exact: true }));

    await page.goto(`${app.url}/printers`);
    await expectState(printerCard(page, 'Prusa MK3S'), 'READY_TO_PRINT');
  });

  it('edits a printer (note counter, filament, camera) and deletes it', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'margaret@example.com');
    const key = await createDeviceKey(app, admin);
    const created = await callApi<{ id: number }>(app, '/printers/', {
      token: admin.access,
      body: { group: admin.workspaceId, name: 'Old name', token: key },
    });
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/printers/${admin.workspaceId}/${created.id}`);

    await expectHeading(page, 'Edit Old name');
    await page.getByLabel('Printer name').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectVisible(page.getByText('Printer name can`t be empty.'));
    await page.getByLabel('Printer name').fill('Workshop Prusa');
    await page.getByLabel('Note').fill('Nozzle 0.6 mm');
    await expectVisible(page.getByText('13 / 2048'));
    await page.getByRole('textbox', { name: 'Filament type' }).click();
    await page.getByRole('option', { name: 'PETG' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPath(page, '/settings/printers');

    const saved = await callApi<{ name: string; note: string; filament_type: string }>(
      app,
      `/printers/${created.id}/`,
      { token: admin.access },
    );
    expect(saved).toMatchObject({
      name: 'Workshop Prusa',
      note: 'Nozzle 0.6 mm',
      filament_type: 'PETG',
    });

    await page.getByRole('link', { name: 'Edit Workshop Prusa' }).click();
    await page.getByRole('button', { name: 'Delete printer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete printer' }).click();
    await expectPath(page, '/settings/printers');
    await expectVisible(page.getByText('There are no printers in this workspace yet.'));
  });
});
