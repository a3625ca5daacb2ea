import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { makePng } from './support/files-world.js';
import { createAdmin, openAs } from './support/printers-world.js';
import { expectPath, expectVisible } from './support/ui.js';

/** The picture shown, not the initials: an image that loaded. */
async function expectPicture(avatar: Locator): Promise<void> {
  const image = avatar.locator('img');
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

/** Issue 15 item 11: the workspace's picture shows wherever the workspace is named. */
describe('the workspace avatar', () => {
  const fixture = useAppAndBrowser();

  it('chosen on the edit page, shows on the dashboard header and in the workspace picker', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'painter@example.com');
    await app.runCli('workspace', 'create', '--name', 'Second shop', '--owner', admin.email);
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);

    await page.locator('input[type=file]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makePng(64, [200, 40, 40]),
    });
    await expectPicture(page.locator('main').getByTestId('workspace-avatar').first());

    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expectPath(page, '/');
    await expectPicture(page.locator('main').getByTestId('workspace-avatar'));

    await page.goto(`${app.url}/select-group`);
    const picker = page.getByRole('list', { name: 'Your workspaces' });
    await expectVisible(picker);
    await expectPicture(
      picker.getByRole('listitem').filter({ hasText: 'painter' }).getByTestId('workspace-avatar'),
    );
    const other = picker.getByRole('listitem').filter({ hasText: 'Second shop' });
    await expectVisible(other.getByTestId('workspace-avatar'));
    expect(await other.locator('img').count()).toBe(0);
  });
});
