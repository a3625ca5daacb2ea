import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { asUpload, buildPrusaGcode, uploadGcode } from './support/files-world.js';
import { expectNotification } from './support/printers-ui.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectHidden, expectPath, expectVisible } from './support/ui.js';

interface GcodePage {
  count: number;
  results: { name: string; previewImages: unknown[]; printing_time_sec: number | null }[];
}

describe('uploading G-code files', () => {
  const fixture = useAppAndBrowser();

  it('uploads two files through the dialog and lists them with preview and metadata; small and hidden files are refused', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'uploader@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectHeading(page, 'G-codes');
    const empty = page.getByTestId('gcodes-empty');
    await expectVisible(empty.getByText('No G-codes yet'));

    // The header's Upload button opens the dialog.
    await page.getByRole('banner').getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload G-codes' });
    await expectVisible(dialog.getByText('Supported types: *.gcode, *.bgcode.'));
    await dialog
      .getByTestId('upload-input')
      .setInputFiles([
        asUpload('gearbox.gcode', buildPrusaGcode({ filamentType: 'PETG', printSeconds: 3725 })),
        asUpload('tiny.gcode', Buffer.alloc(1000, 0x3b)),
        asUpload('.hidden.gcode', buildPrusaGcode()),
      ]);
    await expectVisible(dialog.getByText('tiny.gcode: files of 1000 bytes or less are ignored.'));
    await expectVisible(
      dialog.getByText('.hidden.gcode: hidden and system files are not uploaded.'),
    );
    await dialog
      .getByTestId('upload-input')
      .setInputFiles([
        asUpload(
          'bracket.gcode',
          buildPrusaGcode({ filamentType: 'PLA', color: [40, 90, 220], layerHeight: 0.15 }),
        ),
      ]);
    const items = dialog.getByTestId('upload-item');
    expect(await items.allInnerTexts()).toEqual([
      expect.stringContaining('gearbox.gcode'),
      expect.stringContaining('bracket.gcode'),
    ]);
    await expectVisible(dialog.getByTestId('upload-progress').getByText(/^0 % · 0 B of /));

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectHidden(dialog);
    await expectPath(page, '/gcodes');
    await expect
      .poll(() => page.getByTestId('gcodes-count').innerText(), { timeout: 10_000 })
      .toBe('2 files');

    const rows = page.getByTestId('gcode-row');
    const gearbox = rows.filter({ hasText: 'gearbox.gcode' });
    // the preview is the PNG from the thumbnail block, fetched with the bearer token
    const preview = gearbox.getByTestId('gcode-preview');
    await expectVisible(preview);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await expectVisible(gearbox.getByText('PETG'));
    await gearbox.getByRole('button', { name: 'Details' }).click();
    const details = gearbox.getByTestId('gcode-details');
    await expectVisible(details.getByText('1 h 02 min 05 s'));
    await expectVisible(details.getByText('0.2 mm'));
    await expectVisible(details.getByText('25.2 cm · 1 g'));
    await expectVisible(gearbox.getByText('uploader@example.com'));
    await expectVisible(gearbox.getByText(/seconds ago|minute ago/));

    const stored = await callApi<GcodePage>(app, `/groups/${admin.workspaceId}/files/`, {
      token: admin.access,
    });
    expect(stored.count).toBe(2);
    expect(stored.results.map((file) => file.name).sort()).toEqual([
      'bracket.gcode',
      'gearbox.gcode',
    ]);
    expect(stored.results.every((file) => file.previewImages.length === 1)).toBe(true);

    // The dashboard lists the latest files and links to Gcodes.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const latest = page.getByRole('region', { name: 'Latest G-codes' });
    await expectVisible(latest.getByRole('link', { name: 'bracket.gcode' }));
    await latest.getByRole('link', { name: 'All G-codes (2)' }).click();
    await expectPath(page, '/gcodes');
  });

  it('refuses what the server refuses, per file, and disables save until the file is removed', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'refused@example.com');
    await uploadGcode(app, admin, 'existing.gcode');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectVisible(page.getByTestId('gcode-row').filter({ hasText: 'existing.gcode' }));

    // Saving without files.
    await page.getByTestId('gcodes-page').getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload G-codes' });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(
      dialog.getByRole('alert').filter({ hasText: 'G-code not selected or invalid.' }),
    );

    // Binary noise that claims to be G-code: the server's refusal shows on that file.
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 151 + 7) % 256));
    await dialog
      .getByTestId('upload-input')
      .setInputFiles([asUpload('noise.gcode', noise), asUpload('good.gcode', buildPrusaGcode())]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const failed = dialog.getByTestId('upload-item').filter({ hasText: 'noise.gcode' });
    await expectVisible(
      failed.getByText('The file is neither text G-code nor binary G-code (.bgcode).'),
    );
    await expectVisible(
      dialog.getByTestId('upload-item').filter({ hasText: 'good.gcode' }).getByText('Uploaded'),
    );
    const save = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await expectVisible(page.getByTestId('gcode-row').filter({ hasText: 'good.gcode' }));

    await failed.getByRole('button', { name: 'Remove noise.gcode' }).click();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await expectHidden(dialog);
    await expect
      .poll(() => page.getByTestId('gcodes-count').innerText(), { timeout: 10_000 })
      .toBe('2 files');
  });

  it('opens the dialog with files dropped on the list, and cancelling an upload reloads the page', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'dropper@example.com');
    await uploadGcode(app, admin, 'first.gcode');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/gcodes');
    await expectVisible(page.getByTestId('gcode-row').first());

    const text = buildPrusaGcode().toString('latin1');
    const dataTransfer = await page.evaluateHandle((content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'dropped.gcode'));
      return transfer;
    }, text);
    const target = page.getByTestId('gcodes-page');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await expectVisible(page.getByText('Drop the files to upload them'));
    await target.dispatchEvent('drop', { dataTransfer });
    const dialog = page.getByRole('dialog', { name: 'Upload G-codes' });
    await expectVisible(dialog.getByTestId('upload-item').filter({ hasText: 'dropped.gcode' }));

    // An upload that never finishes: Cancel tells so and reloads the page.
    await page.route('**/api/groups/*/files/', (route) =>
      route.request().method() === 'POST' ? undefined : route.fallback(),
    );
    await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectVisible(dialog.getByText('Uploading'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectNotification(
      page,
      'Cancelling upload',
      'Please wait, trying to stop file upload...',
    );
    await expect
      .poll(
        () => page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload ?? false),
        { timeout: 10_000 },
      )
      .toBe(false);
    await expectHeading(page, 'G-codes');
    expect(
      (
        await callApi<GcodePage>(app, `/groups/${admin.workspaceId}/files/`, {
          token: admin.access,
        })
      ).count,
    ).toBe(1);
  });
});
