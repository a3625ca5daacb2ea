import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeEnergyMeter,
  type FakeEnergyMeter,
} from '../apps/server/test-support/fake-energy-meter.js';
import { useAppAndBrowser } from './support/fixture.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectHidden, expectVisible } from './support/ui.js';

/**
 * A printer's energy meter named in its settings (issue 26): a local plug speaking the documented
 * Shelly API, read by the server (LAN mode); each refusal shown on the address (outside the
 * allowed networks, the wrong kind of plug, no answer), nothing saved until it answers; then its
 * reading, and removing it; read by the printer's agent while it is offline: said, nothing saved.
 */

let shelly: FakeEnergyMeter;

describe('energy meter in the printer settings', () => {
  beforeAll(async () => {
    shelly = await startFakeEnergyMeter('shelly');
    shelly.consume(1234.5, 87.5);
  });
  afterAll(async () => {
    await shelly?.close();
  });
  const fixture = useAppAndBrowser({ env: () => ({ LAN_PRINTER_NETWORKS: '127.0.0.0/8' }) });

  it('refuses on the address until the plug answers, shows its reading, removes it', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'energy-meter@example.com');
    const { token } = await callApi<{ token: string }>(app, '/device_keys/', {
      token: admin.access,
      body: {},
    });
    const printer = await callApi<{ id: number }>(app, '/printers/', {
      token: admin.access,
      body: { group: admin.workspaceId, name: 'MK4 on the plug', token },
    });
    const stored = () =>
      callApi<{ meter: unknown }>(app, `/printers/${printer.id}/energy-meter/`, {
        token: admin.access,
      });
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/printers/${admin.workspaceId}/${printer.id}`);

    const section = page.getByRole('form', { name: 'Energy meter (smart plug)' });
    await expectVisible(section.getByText(/No plug yet/));
    const address = section.getByLabel('Plug’s address');
    const save = section.getByRole('button', { name: 'Save plug' });

    // empty: the form's own check, nothing sent
    await save.click();
    await expectVisible(section.getByText('The plug’s address can’t be empty.'));

    // outside the printers' networks: refused by the server, said on the address
    await address.fill('http://10.255.255.1');
    await save.click();
    await expectVisible(
      section.getByText(/10\.255\.255\.1 is outside the networks this server may reach/),
    );

    // a Shelly named as a Tasmota: its /cm is a 404, said on the address
    await address.fill(shelly.url);
    await save.click();
    await expectVisible(section.getByText(/The plug answered HTTP 404/));
    expect(await stored()).toMatchObject({ meter: null });

    await section.getByText('Shelly', { exact: true }).click();
    await expectVisible(section.getByLabel('Switch number'));
    await save.click();
    await expectVisible(page.getByText('Plug saved. Jobs from now on are metered by it.'));
    await expectVisible(
      section.getByText('The plug reads 87.5 W now; its counter stands at 1.235 kWh.'),
    );
    expect(await section.getByText(/answered HTTP|outside the networks/).count()).toBe(0);
    expect(await stored()).toMatchObject({
      meter: { kind: 'shelly', url: shelly.url, channel: 0 },
    });

    await expectVisible(section.getByText('Read by the server (LAN mode).'));

    await section.getByRole('button', { name: 'Remove plug' }).click();
    await expectVisible(section.getByText(/No plug yet/));
    await expectHidden(section.getByRole('button', { name: 'Remove plug' }));
    expect(await stored()).toMatchObject({ meter: null });

    // read by the printer's agent, which never connected: said as such, nothing saved
    await section.getByText('The printer’s agent', { exact: true }).click();
    await address.fill(shelly.url);
    await save.click();
    await expectVisible(page.getByText(/The printer’s agent is offline: it reads the plug/));
    expect(await stored()).toMatchObject({ meter: null });
  }, 120_000);
});
