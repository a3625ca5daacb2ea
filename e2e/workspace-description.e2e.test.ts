import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

describe('the workspace description', () => {
  const fixture = useAppAndBrowser();

  it('is written with the toolbar and stored as the HTML the server keeps', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'describer@example.com');
    await callApi(app, `/users/me/groups/${admin.workspaceId}/`, {
      token: admin.access,
      method: 'PATCH',
      body: { public_description: '<p><b>Bold</b> words</p>' },
    });
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);

    const editor = page.getByRole('textbox', { name: 'Description' });
    await expectVisible(editor.locator('strong', { hasText: 'Bold' }));
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('slanted');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bullet list' }).click();
    await page.keyboard.type('one point');
    await page.getByRole('button', { name: 'Save' }).click();

    // the preview shows what was stored
    const preview = page.getByTestId('workspace-description');
    await expectVisible(preview.locator('ul li', { hasText: 'one point' }));
    const stored = await callApi<{ public_description: string }>(
      app,
      `/users/me/groups/${admin.workspaceId}/`,
      { token: admin.access },
    );
    expect(stored.public_description).toBe(
      '<p><strong>Bold</strong> words</p><p><em>slanted</em></p><ul><li><p>one point</p></li></ul>',
    );
  });
});
