import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { expectNotification } from './support/printers-ui.js';
import { addMember, callApi, createAdmin, openAs, type Member } from './support/printers-world.js';
import { expectHeading, expectHidden, expectPath, expectVisible } from './support/ui.js';

interface Gcode {
  id: number;
  name: string;
  note: string;
  is_public: boolean;
  filament_type: string | null;
  filament_color: string | null;
}

const readGcode = (app: Parameters<typeof callApi>[0], member: Member, id: number) =>
  callApi<Gcode>(app, `/groups/${member.workspaceId}/files/${id}/`, { token: member.access });

const detailCard = (page: Page, title: string) => page.getByRole('region', { name: title });

describe('G-code detail', () => {
  const fixture = useAppAndBrowser({ cliHost: true });

  it('edits name and note with Save and Cancel, filament, the public switch, downloads and deletes', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'owner@example.com');
    const bytes = buildPrusaGcode({ filamentType: 'ASA', printSeconds: 5400 });
    const gcode = await uploadGcode(app, admin, 'benchy.gcode', bytes);
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/gcodes/${gcode.id}`);
    await expectHeading(page, 'benchy.gcode');
    const metadata = page.getByTestId('gcode-metadata');
    await expectVisible(metadata.getByText('1 h 30 min 00 s'));
    await expectVisible(metadata.getByText(/^PrusaSlicer/));
    await expectVisible(page.getByTestId('gcode-preview'));

    // Cancel restores what was there.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name').fill('changed but not kept');
    await page.getByLabel('Note').fill('nothing');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectHeading(page, 'benchy.gcode');
    await expectVisible(page.getByTestId('gcode-note').getByText('No note'));

    // Save keeps both; the counter counts the note.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name').fill('');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Benchy 0.2 mm');
    await page.getByLabel('Note').fill('Print slowly');
    await expectVisible(page.getByText('12 / 2048'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectHeading(page, 'Benchy 0.2 mm');
    await expectVisible(page.getByTestId('gcode-note').getByText('Print slowly'));
    expect(await readGcode(app, admin, gcode.id)).toMatchObject({
      name: 'Benchy 0.2 mm',
      note: 'Print slowly',
    });

    // Filament type and colour.
    const filament = detailCard(page, 'Filament and sharing');
    expect(await filament.getByRole('textbox', { name: 'Filament type' }).inputValue()).toBe('ASA');
    await filament.getByRole('textbox', { name: 'Filament type' }).click();
    await page.getByRole('option', { name: 'PLA', exact: true }).click();
    await filament.getByRole('textbox', { name: 'Filament colour' }).click();
    await page.getByRole('option', { name: 'Blue' }).click();
    await expect
      .poll(async () => {
        const { filament_type, filament_color } = await readGcode(app, admin, gcode.id);
        return [filament_type, filament_color];
      })
      .toEqual(['PLA', 'BLUE']);

    // Public asks first; private does not. A public file downloads without signing in.
    const publicSwitch = filament.getByRole('switch', { name: 'Public' });
    await publicSwitch.click({ force: true });
    const confirm = page.getByRole('dialog', { name: 'Make the file public?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(confirm);
    expect(await publicSwitch.isChecked()).toBe(false);
    await publicSwitch.click({ force: true });
    await confirm.getByRole('button', { name: 'Make public' }).click();
    await expectHidden(confirm);
    await expect.poll(() => publicSwitch.isChecked()).toBe(true);
    expect((await readGcode(app, admin, gcode.id)).is_public).toBe(true);
    expect((await fetch(`${app.url}/api/files/${gcode.id}/content/`)).status).toBe(200);
    await publicSwitch.click({ force: true });
    await expect.poll(() => publicSwitch.isChecked()).toBe(false);
    await expectHidden(confirm);
    expect((await readGcode(app, admin, gcode.id)).is_public).toBe(false);

    // Download: the file's own bytes, through a signed link.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Benchy 0.2 mm.gcode');
    // a stream, not path(): the run's one Chromium is a browser server, reached remotely
    expect((await buffer(await download.createReadStream())).equals(bytes)).toBe(true);

    // Delete, after asking; back on Gcodes, which is empty now.
    await page.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete the file?' });
    await expectVisible(remove.getByText('Benchy 0.2 mm will be deleted. This cannot be undone.'));
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expectPath(page, '/gcodes');
    await expectVisible(page.getByTestId('gcodes-empty'));
  });

  it('says "Gcode not found" for an unknown file and goes back to Gcodes', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'lost@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    // typed into the address bar; the message shows for 4 s, so it is looked for from the first
    // byte of the page, not from its load event (on a loaded machine that came after the 4 s)
    await page.goto(`${app.url}/gcodes/987654`, { waitUntil: 'commit' });
    await expectNotification(page, 'Gcode not found', 'Gcode does not exists.');
    await expectPath(page, '/gcodes');
    await expectHeading(page, 'G-codes');
  });

  it('shows an observer the files without upload or edit controls', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'admin@example.com');
    const gcode = await uploadGcode(app, admin, 'shared.gcode');
    const observer = await addMember(app, 'watcher@example.com', admin.workspaceId, 'observer');
    const page = await fixture.openPage();
    await openAs(page, app, observer, '/gcodes');
    const row = page.getByTestId('gcode-row').filter({ hasText: 'shared.gcode' });
    await expectVisible(row);
    // the header links to G-codes for every member; Upload needs UPLOAD_FILE
    await expectVisible(page.getByRole('banner').getByRole('link', { name: 'G-codes' }));
    expect(await page.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Select', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add label' }).count()).toBe(0);
    await expectVisible(page.getByTestId('gcodes-count').getByText('1 file'));
    await row.getByRole('button', { name: 'Actions for shared.gcode' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Download']);
    await page.keyboard.press('Escape');

    await row.getByRole('link', { name: 'shared.gcode' }).click();
    await expectPath(page, `/gcodes/${gcode.id}`);
    await expectHeading(page, 'shared.gcode');
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit labels' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Public' }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Filament type' }).count()).toBe(0);
    await expectVisible(page.getByRole('button', { name: 'Download' }));

    // An empty workspace offers the observer no upload either.
    await callApi(app, `/groups/${admin.workspaceId}/files/${gcode.id}/`, {
      token: admin.access,
      method: 'DELETE',
    });
    await page.goto(`${app.url}/`);
    await expectVisible(page.getByText('This workspace has no G-code files yet.'));
    expect(await page.getByRole('button', { name: 'Upload G-code' }).count()).toBe(0);
  });

  it('speaks Czech on the files page', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'cesky@example.com');
    await uploadGcode(app, admin, 'ozubene-kolo.gcode');
    await uploadGcode(app, admin, 'drzak.gcode');
    const page = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(page, app, admin, '/gcodes');
    await expectHeading(page, 'G-kódy');
    await expect.poll(() => page.title()).toBe('G-kódy · Printdeck');
    await expectVisible(page.getByTestId('gcodes-count').getByText('2 soubory'));
    // numbers with the Czech decimal comma
    const gear = page.getByTestId('gcode-row').filter({ hasText: 'ozubene-kolo.gcode' });
    await gear.getByRole('button', { name: 'Podrobnosti' }).click();
    await expectVisible(gear.getByTestId('gcode-details').getByText('0,2 mm'));
    const labels = page.getByRole('navigation', { name: 'Štítky' });
    await expectVisible(labels.getByRole('button', { name: 'Vše' }));
    await expectVisible(labels.getByRole('button', { name: 'Bez štítku' }));
    await expectVisible(page.getByRole('button', { name: 'Hledat', exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Vybrat', exact: true }));
    await page.getByTestId('gcodes-page').getByRole('button', { name: 'Nahrát' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nahrát G-kódy' });
    await expectVisible(dialog.getByText('Podporované typy: *.gcode, *.bgcode.'));
    await dialog.getByRole('button', { name: 'Nahrát', exact: true }).click();
    await expectVisible(dialog.getByText('G-kód nebyl vybrán nebo je neplatný.'));
  });
});
