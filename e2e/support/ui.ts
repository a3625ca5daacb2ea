import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppUnderTest } from './app-under-test.js';
import { callApi } from './printers-world.js';

/**
 * Small waits on what a person sees. playwright-core has no web-first assertions, so these
 * use Playwright's own waiting (`waitFor`, `waitForURL`) or vitest's `expect.poll`.
 */

export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

export async function expectHidden(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'hidden' });
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The page's top heading once it reads `text`. */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1, name: text, exact: true }));
}

export function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

export function readColorScheme(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-mantine-color-scheme');
}

export async function expectColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await expect.poll(() => readColorScheme(page)).toBe(scheme);
}

/**
 * A user with one workspace: the account made with the command line as an administrator would,
 * the workspace made by its owner through the API (one CLI start fewer, the same service call).
 */
export async function createMember(
  app: AppUnderTest,
  member: { email: string; password: string; workspace: string },
): Promise<void> {
  await app.runCli('user', 'create', '--email', member.email, '--password', member.password);
  const { access } = await callApi<{ access: string }>(app, '/tokens/', {
    body: { username: member.email, password: member.password },
  });
  await callApi(app, '/users/me/groups/', { token: access, body: { name: member.workspace } });
  // the tests sign in through the form: this session is not one of theirs (the sessions list)
  await callApi(app, '/tokens/mine/', { token: access, method: 'DELETE' });
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await expectHeading(page, 'Sign in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the user menu and picks one of its items. */
export async function chooseFromUserMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The items the user menu offers now, closing it again. */
export async function readUserMenu(page: Page): Promise<string[]> {
  await page.getByTestId('user-menu').click();
  const items = page.getByRole('menuitem');
  await expectVisible(items.first());
  const names = (await items.allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await expectHidden(items.first());
  return names;
}
