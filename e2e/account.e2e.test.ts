import { describe, expect, it } from 'vitest';
import { extractLink } from '../apps/server/test-support/smtp-capture.js';
import { useAppAndBrowser } from './support/fixture.js';
import {
  chooseFromUserMenu,
  createMember,
  expectColorScheme,
  expectHeading,
  expectPath,
  expectVisible,
  fillSignIn,
  readStorage,
  readUserMenu,
} from './support/ui.js';

const PASSWORD = 'a long enough passphrase 42';
const WORKSPACE_KEY = 'printdeck.groupId';
const SESSION_KEY = 'printdeck.session';

describe('account', () => {
  const fixture = useAppAndBrowser();

  it('a newcomer registers through the mailed link, lands in their own workspace, adds a second one and switches between them', async () => {
    const { app } = fixture;
    const email = 'ada.lovelace@example.com';
    const firstWorkspace = 'ada.lovelace';
    const page = await fixture.openPage();
    // an administrator exists, so the first-run welcome is over and registration is the way in
    await app.runCli('user', 'create', '--email', 'admin@example.com', '--password', PASSWORD);

    // Registration: the address, then the link from the mail.
    await page.goto(`${app.url}/`);
    await expectPath(page, '/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expectHeading(page, 'Create an account');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectVisible(page.getByText('Check your inbox'));

    const link = extractLink((await app.smtp.waitForMail(email)).text);
    expect(link.origin).toBe(app.url);
    expect(link.pathname).toBe('/registration/confirm');
    await page.goto(link.href);
    await expectHeading(page, 'Finish registration');
    const mailedEmail = page.getByLabel('Email');
    expect(await mailedEmail.inputValue()).toBe(email);
    expect(await mailedEmail.isEditable()).toBe(false);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in at once with the password just chosen (issue 15 item 18): no second log-in.
    // The only workspace is chosen without asking.
    await expectHeading(page, firstWorkspace);
    await expectPath(page, '/');
    expect(await readStorage(page, SESSION_KEY)).toBe('1');
    const firstId = await readStorage(page, WORKSPACE_KEY);
    expect(firstId).toMatch(/^\d+$/);
    expect(await readUserMenu(page)).toEqual([
      'Settings',
      'Statistics',
      'Community forum',
      'Help & support',
      'Logout',
    ]);

    // A second workspace, created on the selection screen and chosen there.
    await page.goto(`${app.url}/select-group`);
    await expectHeading(page, 'Select workspace');
    const list = page.getByRole('list', { name: 'Your workspaces' });
    await expectVisible(list.getByRole('button', { name: firstWorkspace, exact: true }));
    await page.getByLabel('Workspace name').fill('Second Shop');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expectVisible(page.getByText('Workspace Second Shop was created.'));
    await list.getByRole('button', { name: 'Second Shop', exact: true }).click();
    await expectHeading(page, 'Second Shop');
    await expectPath(page, '/');
    const secondId = await readStorage(page, WORKSPACE_KEY);
    expect(secondId).not.toBe(firstId);

    // With two workspaces the user menu offers to switch back.
    expect(await readUserMenu(page)).toContain('Switch workspace');
    await chooseFromUserMenu(page, 'Switch workspace');
    await expectHeading(page, 'Select workspace');
    await expectVisible(list.getByRole('button', { name: 'Second Shop', exact: true }));
    expect(await list.getByRole('button').count()).toBe(2);
    await list.getByRole('button', { name: firstWorkspace, exact: true }).click();
    await expectHeading(page, firstWorkspace);
    expect(await readStorage(page, WORKSPACE_KEY)).toBe(firstId);
  });

  it('a member changes theme and language, both survive a reload, and signing out ends the session', async () => {
    const { app } = fixture;
    const email = 'grace@example.com';
    await createMember(app, { email, password: PASSWORD, workspace: 'Hopper Lab' });
    const page = await fixture.openPage({ colorScheme: 'light' });

    await page.goto(`${app.url}/login`);
    await fillSignIn(page, email, 'not the right passphrase');
    await expectVisible(
      page.getByRole('alert').filter({ hasText: 'Invalid email or password, try again, please.' }),
    );
    expect(await readStorage(page, SESSION_KEY)).toBeNull();
    await fillSignIn(page, email, PASSWORD);
    await expectHeading(page, 'Hopper Lab');

    // Theme: the header toggle, kept over a reload.
    await expectColorScheme(page, 'light');
    await page.getByTestId('theme-toggle').click();
    await expectColorScheme(page, 'dark');
    await page.reload();
    await expectHeading(page, 'Hopper Lab');
    await expectColorScheme(page, 'dark');

    // Settings → Appearance: explicit light, then auto follows the system.
    await chooseFromUserMenu(page, 'Settings');
    await expectHeading(page, 'Settings');
    await page.getByRole('link', { name: /Appearance/ }).click();
    await expectPath(page, '/settings/appearance');
    await expectHeading(page, 'Appearance');
    const theme = page.getByRole('radiogroup', { name: 'Theme' });
    expect(await theme.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await theme.getByRole('radio', { name: 'Light' }).check();
    await expectColorScheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await theme.getByRole('radio', { name: 'Auto' }).check();
    await expectColorScheme(page, 'dark');

    // Language: Czech, everywhere and after a reload.
    await page
      .getByRole('radiogroup', { name: 'Language' })
      .getByRole('radio', { name: 'Čeština' })
      .check();
    await expectHeading(page, 'Vzhled');
    await expectVisible(page.getByRole('radiogroup', { name: 'Motiv' }));
    await expectVisible(page.getByRole('link', { name: 'Zpět na nastavení' }));
    expect(await page.locator('html').getAttribute('lang')).toBe('cs');
    await page.reload();
    await expectHeading(page, 'Vzhled');
    const language = page.getByRole('radiogroup', { name: 'Jazyk' });
    expect(await language.getByRole('radio', { name: 'Čeština' }).isChecked()).toBe(true);
    expect(await readUserMenu(page)).toEqual([
      'Nastavení',
      'Statistiky',
      'Komunitní fórum',
      'Nápověda a podpora',
      'Odhlásit se',
    ]);

    // The refresh token is an HttpOnly cookie: no script can read it, storage holds none.
    expect(await readStorage(page, SESSION_KEY)).toBe('1');
    expect(await readStorage(page, 'printdeck.refresh')).toBeNull();
    expect(await page.evaluate(() => document.cookie)).not.toContain('printdeck_refresh');
    const [cookie] = await page.context().cookies(`${app.url}/api/tokens/refresh/`);
    expect(cookie).toMatchObject({ name: 'printdeck_refresh', httpOnly: true, sameSite: 'Strict' });
    const refresh = cookie!.value;

    // Sign-out: tokens gone from the browser and revoked on the server.
    await chooseFromUserMenu(page, 'Odhlásit se');
    await expectPath(page, '/login');
    await expectHeading(page, 'Přihlášení');
    expect(await readStorage(page, SESSION_KEY)).toBeNull();
    expect(await page.context().cookies(`${app.url}/api/tokens/refresh/`)).toEqual([]);
    expect(await readStorage(page, WORKSPACE_KEY)).toBeNull();
    const reuse = await fetch(`${app.url}/api/tokens/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    expect(reuse.status).toBe(401);
    await page.goto(`${app.url}/settings`);
    await expectPath(page, '/login');
    await expectHeading(page, 'Přihlášení');
  });
});
