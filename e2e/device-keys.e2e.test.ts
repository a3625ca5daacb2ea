import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { addFakePrinter, callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

describe('device keys', () => {
  const fixture = useAppAndBrowser();

  it('an admin sees which agent a key paired with, and revoking it disconnects the printer at once', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'keys-admin@example.com');
    const { id, device } = await addFakePrinter(app, admin, {
      name: 'Prusa XL',
      driver: 'octoprint',
    });
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/printers');
    const keys = page.getByRole('table', { name: 'Device keys' });
    const row = keys.getByRole('row').filter({ hasText: 'Prusa XL' });
    await expectVisible(row.getByText('Connected'));
    await expectVisible(row.getByText('Paired', { exact: false }));

    await row.getByRole('button', { name: 'Revoke the key of Prusa XL' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect.poll(() => keys.getByRole('row').filter({ hasText: 'Prusa XL' }).count()).toBe(0);
    await expect
      .poll(async () => {
        const states = await callApi<Array<{ printer_id: number; is_connected: boolean }>>(
          app,
          `/groups/${admin.workspaceId}/devices-states/`,
          { token: admin.access },
        );
        return states.find((s) => s.printer_id === id)?.is_connected;
      })
      .toBe(false);
    // the device hears the close a moment after the server has let it go
    await expect.poll(() => device.isConnected).toBe(false);
  });
});
