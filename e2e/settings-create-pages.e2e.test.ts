import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectPath, expectVisible } from './support/ui.js';

/** Issue 15 item 15: the spec's create routes are pages of their own (spec part 2 §2.1). */
describe('the settings create pages', () => {
  const fixture = useAppAndBrowser();

  it('/settings/workspaces/create makes a workspace with its name, description and website', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'founder@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/workspaces');
    await page.getByRole('link', { name: 'Create workspace' }).click();
    await expectPath(page, '/settings/workspaces/create');
    await expectHeading(page, 'Create workspace');
    expect(await page.title()).toBe('Create a workspace · Printdeck');

    await page.getByLabel('Website URL').fill('not a website');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expectVisible(page.getByText('Workspace name is not valid.'));
    await expectVisible(page.getByText('Public website URL is not valid.'));

    await page.getByLabel('Name', { exact: true }).fill('Night Shift');
    await page.locator('.ProseMirror').fill('Open late on Thursdays');
    await page.getByLabel('Website URL').fill('https://nightshift.example');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expectVisible(page.getByText('Workspace Night Shift was created.'));
    await expectHeading(page, 'Night Shift');
    expect(page.url()).toMatch(/\/settings\/workspaces\/\d+$/);

    const workspaces = await callApi<
      Array<{ name: string; public_description: string; public_website_url: string | null }>
    >(app, '/users/me/groups/', { token: admin.access });
    expect(workspaces.find((w) => w.name === 'Night Shift')).toMatchObject({
      public_description: '<p>Open late on Thursdays</p>',
      public_website_url: 'https://nightshift.example',
    });
  });

  it('/settings/api-tokens/create makes a key, shows it once, and leads back to the list', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'scripter@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/api-tokens/create');
    await expectHeading(page, 'New API key');
    expect(await page.title()).toBe('New API key · Printdeck');
    await page.getByLabel('Name', { exact: true }).fill('backup script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByTestId('new-api-key').innerText();
    expect(key).toMatch(/^pdk_/);
    await page.getByRole('link', { name: 'Back to API keys' }).last().click();
    await expectPath(page, '/settings/api-tokens');
    await expectVisible(page.getByRole('cell', { name: 'backup script', exact: true }));
    expect(await page.getByText(key).count()).toBe(0);
  });

  it('in Czech the create pages speak Czech', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'cesky@example.com');
    const page = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(page, app, admin, '/settings/workspaces/create');
    await expectHeading(page, 'Vytvořit pracovní prostor');
    await page.goto(`${app.url}/settings/api-tokens/create`);
    await expectHeading(page, 'Nový API klíč');
  });
});
