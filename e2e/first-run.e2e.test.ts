import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { expectHeading, expectHidden, expectPath, expectVisible } from './support/ui.js';

const EMAIL = 'first.admin@example.com';
const PASSWORD = 'the very first passphrase';

describe('first run', () => {
  const fixture = useAppAndBrowser();

  it('an empty server greets its first user, who lands signed in on the dashboard; then the welcome is gone', async () => {
    const { app } = fixture;
    const page = await fixture.openPage();

    await page.goto(`${app.url}/`);
    await expectPath(page, '/welcome');
    await expectHeading(page, 'Welcome to Printdeck');

    // the password twice, checked before anything is sent
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create account and start' }).click();
    await expectVisible(page.getByText('Passwords do not match!'));

    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Workspace name').fill('Makerspace');
    await page.getByRole('button', { name: 'Create account and start' }).click();

    await expectPath(page, '/');
    await expectVisible(page.getByRole('heading', { name: 'Makerspace' }));
    const start = page.getByRole('region', { name: 'Get started' });
    await expectVisible(start);
    await expectVisible(start.getByRole('button', { name: 'Add printer' }));
    await expectVisible(start.getByRole('button', { name: 'Upload G-code' }));
    await expectVisible(start.getByRole('link', { name: 'Invite members' }));

    // the add-printer chooser opens from the first step
    await start.getByRole('button', { name: 'Add printer' }).click();
    await expectVisible(page.getByRole('dialog').getByText('OctoPrint', { exact: false }).first());
    await page.keyboard.press('Escape');

    // skipped once, gone after a reload too
    await start.getByRole('button', { name: 'Skip' }).click();
    await expectHidden(start);
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: 'Makerspace' }));
    expect(await page.getByRole('region', { name: 'Get started' }).count()).toBe(0);

    // a second visitor finds no welcome page, only sign-in; the API refuses with 403
    const visitor = await fixture.openPage();
    await visitor.goto(`${app.url}/welcome`);
    await expectPath(visitor, '/login');
    await visitor.goto(`${app.url}/`);
    await expectPath(visitor, '/login');
    const refused = await fetch(`${app.url}/api/first-run/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com', password: PASSWORD, language: 'en' }),
    });
    expect(refused.status).toBe(403);
  });
});
