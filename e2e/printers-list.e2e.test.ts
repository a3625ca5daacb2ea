import { afterEach, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import {
  dragTo,
  expectNotification,
  expectState,
  printerCard,
  section,
} from './support/printers-ui.js';
import {
  addFakePrinter,
  addMember,
  callApi,
  createAdmin,
  openAs,
} from './support/printers-world.js';
import { expectHeading, expectHidden, expectPath, expectVisible } from './support/ui.js';

describe('printers list', () => {
  const fixture = useAppAndBrowser({ cliHost: true });
  const devices: FakePrinter[] = [];
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((device) => device.stop()));
  });

  it('creates a printer group, drags a printer into it and back out, and keeps sections folded', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'ada@example.com');
    for (const name of ['Left', 'Right']) {
      devices.push((await addFakePrinter(app, admin, { name, driver: 'octoprint' })).device);
    }
    const page = await fixture.openPage();
    // Tall enough for every group, so that dragging near an edge does not scroll the page.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await openAs(page, app, admin, '/printers');
    await expectState(printerCard(page, 'Left'), 'READY_TO_PRINT');
    // Without groups: the simple view, no section header.
    await expectHidden(page.getByRole('button', { name: /All printers/ }));

    await page.getByRole('button', { name: 'Add printer group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New printer group' });
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('Lab A');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const lab = section(page, 'Lab A');
    await expectVisible(lab.getByTestId('empty-group-hint'));

    await dragTo(
      page,
      printerCard(page, 'Left').getByRole('button', { name: 'Move Left to another group' }),
      lab,
    );
    await expectVisible(printerCard(page, 'Left').and(lab.getByTestId('printer-card')));
    await expect.poll(() => lab.getByTestId('printer-count').innerText()).toBe('1');
    // The list moves the card at once (an optimistic update); the server has it when its answer came.
    const storedInLab = async () => {
      const groups = await callApi<{ name: string; printers: { id: number }[] }[]>(
        app,
        `/groups/${admin.workspaceId}/printer-groups/`,
        { token: admin.access },
      );
      return groups[0]!.printers.length;
    };
    await expect.poll(storedInLab).toBe(1);

    const all = section(page, 'All printers');
    await dragTo(
      page,
      lab.getByRole('button', { name: 'Move Left to another group' }),
      all.getByRole('heading', { name: 'All printers' }),
    );
    await expectVisible(lab.getByTestId('empty-group-hint'));
    await expect.poll(() => all.getByTestId('printer-count').innerText()).toBe('2');
    await expect.poll(storedInLab).toBe(0);

    // Folding is remembered per group across a reload.
    await lab.getByRole('button', { name: /^Lab A/ }).click();
    await expectHidden(lab.getByTestId('empty-group-hint'));
    await page.reload();
    await expectVisible(section(page, 'Lab A').getByRole('button', { name: /^Lab A/ }));
    await expectHidden(section(page, 'Lab A').getByTestId('empty-group-hint'));
  });

  it('shows an observer the printers without any control', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'owner@example.com');
    const printing = await addFakePrinter(app, admin, {
      name: 'Watched',
      driver: 'octoprint',
      hasPowerRelay: true,
    });
    const unpaired = await addFakePrinter(app, admin, {
      name: 'Sleeping',
      driver: 'pill',
      hasPowerRelay: true,
      isPaired: false,
    });
    devices.push(printing.device, unpaired.device);
    printing.device.startJob('vase.gcode');
    const observer = await addMember(app, 'observer@example.com', admin.workspaceId, 'observer');
    const page = await fixture.openPage();
    await openAs(page, app, observer, '/printers');

    await expectState(printerCard(page, 'Watched'), 'PRINTING');
    await expectState(printerCard(page, 'Sleeping'), 'PRINTER_NOT_PAIRED');
    for (const name of ['Bulk action', 'Add printer', 'Add printer group', 'Power on']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Pause' }).count()).toBe(0);
    expect(await page.getByTestId('drag-handle').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Filament type' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Watched', exact: true }).click();
    await expectVisible(page.getByRole('tab', { name: 'Status' }));
    expect(await page.getByRole('tab').count()).toBe(1);
    for (const name of ['Emergency stop', 'Disconnect', 'Fullscreen']) {
      const count = await page.getByRole('button', { name }).count();
      expect({ name, count }).toEqual({ name, count: name === 'Fullscreen' ? 1 : 0 });
    }
    await page.goto(`${app.url}/printers/${printing.id}?activeTab=controls`);
    await expectVisible(page.getByRole('tab', { name: 'Status', selected: true }));
  });

  it('sends an unknown printer id to the printers list with a notification', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'lost@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/printers');
    // the message shows for 4 s: looked for from the page's first byte, not its load event
    await page.goto(`${app.url}/printers/99999`, { waitUntil: 'commit' });
    await expectNotification(page, 'Printer not found', 'Printer with ID does not exists.');
    await expectPath(page, '/printers');
    await page.goto(`${app.url}/printers/not-a-number`);
    await expectPath(page, '/printers');
  });

  it('shows every printers screen in Czech', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'jan@example.com');
    const klipper = await addFakePrinter(app, admin, {
      name: 'Voron',
      driver: 'moonraker',
      hasPowerRelay: true,
    });
    const pill = await addFakePrinter(app, admin, {
      name: 'Pilulka',
      driver: 'pill',
      hasSpectoda: true,
      isPaired: false,
    });
    devices.push(klipper.device, pill.device);
    const page = await fixture.openPage({ locale: 'cs-CZ' });
    const expectTexts = async (path: string, texts: (string | RegExp)[]) => {
      await page.goto(`${app.url}${path}`);
      for (const text of texts) {
        await expectVisible(page.getByText(text).first()).catch((error: Error) => {
          throw new Error(`${path}: "${String(text)}" not shown\n${error.message}`);
        });
      }
    };

    await openAs(page, app, admin, '/');
    await expectVisible(page.getByRole('heading', { name: 'Tiskárny' }));
    await expectTexts('/printers', [
      '2 tiskárny',
      'Hromadná akce',
      'Přidat skupinu tiskáren',
      'Připravena',
      'Odpojena',
      'Tryska',
      'Podložka',
      'Kamery',
      'Připojit k OctoPrintu',
    ]);
    await page.getByRole('button', { name: 'Přidat tiskárnu' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Přidat tiskárnu' }));
    await expectVisible(page.getByText('Zařízení s OctoPrintem'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Přidat skupinu tiskáren' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Nová skupina tiskáren' }));
    await expectVisible(page.getByText('Nejvýše 100 znaků.'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Hromadná akce' }).click();
    await page.getByRole('menuitem', { name: 'Vypnout' }).click();
    await expectVisible(page.getByTestId('bulk-action-bar').getByText(/Vybráno 0 tiskáren/));
    await expectVisible(page.getByText('Akce není dostupná').first());
    await page.getByRole('button', { name: 'Zrušit' }).click();

    await expectTexts(`/printers/${klipper.id}`, [
      'Zpět na tiskárny',
      'Stav',
      'Ovládání',
      'Konzole Klipperu',
      'Soubory',
      'Aktuální úloha',
      'Neběží žádná úloha.',
      'Připojení',
      'Vypnout',
      'Nouzové zastavení',
      /Tento odkaz vede mimo Printdeck/,
    ]);
    await expectTexts(`/printers/${klipper.id}?activeTab=controls`, [
      'Pohyb',
      'Výchozí poloha všech os',
      'Vypnout motory',
      'Teploty a ventilátor',
      'Materiál',
      'Vytlačit',
      'Zatáhnout',
      'Příkazy',
    ]);
    await expectTexts(`/printers/${klipper.id}?activeTab=klipper`, ['Konzole', 'Makra']);
    await expectTexts(`/printers/${klipper.id}?activeTab=files`, [
      'Soubory v tiskárně',
      'Velikost',
      'Tisknout',
    ]);
    await expectTexts(`/printers/${pill.id}?activeTab=spectoda`, [
      'Světla Spectoda',
      'Zapnout svítilnu',
      'Jas',
      'Barva',
      'Zařízení je online, ale není připojené k tiskárně.',
    ]);
    await expectTexts('/settings/printers', ['Název tiskárny', 'Zařízení', 'Povolena', 'Upravit']);
    await expectTexts(`/settings/printers/${admin.workspaceId}/create?kind=pill`, [
      'Přidat Printdeck pill',
      'Klíč zařízení',
      'Otočení kamery',
    ]);
    await page.getByRole('button', { name: 'Přidat tiskárnu' }).click();
    await expectVisible(page.getByText('Název tiskárny nesmí být prázdný.'));
    await expectVisible(page.getByText('Kód nesmí být prázdný.'));
    await expectTexts(`/settings/printers/${admin.workspaceId}/create-octoprint`, [
      'Přidat zařízení s OctoPrintem',
      'API klíč OctoPrintu',
    ]);
    await page.getByRole('button', { name: 'Pokračovat' }).click();
    await expectVisible(page.getByText('API klíč nesmí být prázdný.'));
    await expectTexts(`/settings/printers/${admin.workspaceId}/${klipper.id}`, [
      'Upravit Voron',
      'Poznámka',
      'Typ filamentu',
      'Smazat tiskárnu',
    ]);
    await expectHeading(page, 'Upravit Voron');
  });
});
