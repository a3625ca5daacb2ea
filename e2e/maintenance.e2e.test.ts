import { describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { printerCard } from './support/printers-ui.js';
import { addFakePrinter, createAdmin, openAs } from './support/printers-world.js';
import {
  createMember,
  expectHeading,
  expectHidden,
  expectVisible,
  fillSignIn,
} from './support/ui.js';

const PASSWORD = 'a long enough passphrase 42';
const WORKSPACE = 'Night Shift';

/** /api/health stays open during maintenance and reports what the server currently sees. */
async function isInMaintenance(url: string): Promise<boolean> {
  const health = (await (await fetch(`${url}/api/health`)).json()) as { maintenance: boolean };
  return health.maintenance;
}

describe('maintenance', () => {
  const fixture = useAppAndBrowser();

  it('while the API answers 503 the maintenance modal shows, and Reload brings the app back afterwards', async () => {
    const { app } = fixture;
    await createMember(app, {
      email: 'linus@example.com',
      password: PASSWORD,
      workspace: WORKSPACE,
    });
    const page = await fixture.openPage();
    await page.goto(`${app.url}/login`);
    await fillSignIn(page, 'linus@example.com', PASSWORD);
    await expectHeading(page, WORKSPACE);

    const modal = page.getByTestId('error-modal');
    await app.runCli('maintenance', 'on');
    try {
      // The server notices the switch within about a second; once it has, a reload meets it.
      await expect.poll(() => isInMaintenance(app.url), { timeout: 15_000 }).toBe(true);
      await page.reload();
      await expectVisible(modal);
      expect(await modal.getAttribute('data-variant')).toBe('maintenance');
      await expectVisible(page.getByRole('dialog', { name: 'Server under maintenance' }));
      await expectVisible(
        modal.getByText('We are updating the product. It will be back in a few minutes.'),
      );
    } finally {
      await app.runCli('maintenance', 'off');
    }

    // Once the server has noticed the end of maintenance, Reload leads back to the dashboard.
    await expect.poll(() => isInMaintenance(app.url)).toBe(false);
    await modal.getByRole('button', { name: 'Reload' }).click();
    await expectHeading(page, WORKSPACE);
    await expectHidden(modal);
  });

  it('a person only watching the printers is told of maintenance and of a lost network, without a click', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'watcher@example.com');
    const printer = await addFakePrinter(app, admin, { name: 'Watched', driver: 'octoprint' });
    const devices: FakePrinter[] = [printer.device];
    try {
      const page = await fixture.openPage();
      await openAs(page, app, admin, '/printers');
      await expectVisible(printerCard(page, 'Watched'));
      const modal = page.getByTestId('error-modal');

      await app.runCli('maintenance', 'on');
      try {
        await expectVisible(page.getByRole('dialog', { name: 'Server under maintenance' }));
        expect(await modal.getAttribute('data-variant')).toBe('maintenance');
      } finally {
        await app.runCli('maintenance', 'off');
      }
      await expect.poll(() => isInMaintenance(app.url)).toBe(false);
      // A route cannot cut a connection already open: the states stream is refused from here on,
      // so after the reload the page polls (its fallback) and the lost network below reaches it
      // at once; an open stream would find the loss by its silence, 15 s later.
      await page.route('**/devices-states/stream/**', (route) => route.abort());
      await modal.getByRole('button', { name: 'Reload' }).click();
      await expectVisible(printerCard(page, 'Watched'));
      await expectHidden(modal);

      // the network goes: every request of this page fails as it would without a connection
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await expectVisible(modal);
      expect(await modal.getAttribute('data-variant')).toBe('noInternet');
    } finally {
      await Promise.all(devices.map((device) => device.stop()));
    }
  });
});
