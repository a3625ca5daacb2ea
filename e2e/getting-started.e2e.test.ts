import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { FakePrinter } from './support/fake-printer.js';
import { useAppAndBrowser } from './support/fixture.js';
import { uploadGcode } from './support/files-world.js';
import {
  addFakePrinter,
  callApi,
  createAdmin,
  openAs,
  type Member,
} from './support/printers-world.js';
import { expectHidden, expectPath, expectVisible, readStorage } from './support/ui.js';

const EMAIL = 'farm.owner@example.com';
const PASSWORD = 'the very first passphrase';

const card = (page: Page) => page.getByRole('region', { name: 'Get started' });
const step = (page: Page, title: string) => card(page).getByRole('group', { name: title });
const isDone = async (page: Page, title: string) =>
  (await step(page, title).getByText('Done', { exact: true }).count()) === 1;

describe('the "Get started" card', () => {
  const fixture = useAppAndBrowser();
  const devices: FakePrinter[] = [];
  afterAll(async () => {
    await Promise.all(devices.map((device) => device.stop()));
  });

  it('ticks each step when the server says it happened, and goes away when all are done', async () => {
    const { app } = fixture;
    const page = await fixture.openPage();
    await page.goto(`${app.url}/`);
    await expectPath(page, '/welcome');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Workspace name').fill('Corner farm');
    await page.getByRole('button', { name: 'Create account and start' }).click();
    await expectPath(page, '/');
    await expectVisible(card(page));
    for (const title of ['Add your first printer', 'Upload your first G-code', 'Invite members'])
      expect(await isDone(page, title)).toBe(false);

    const tokens = await callApi<{ access: string; refresh: string }>(app, '/tokens/', {
      body: { username: EMAIL, password: PASSWORD },
    });
    const [workspace] = await callApi<Array<{ id: number }>>(app, '/users/me/groups/', {
      token: tokens.access,
    });
    const owner: Member = { email: EMAIL, ...tokens, workspaceId: workspace!.id };

    // a file uploaded elsewhere (another tab, the slicer) ticks its step on this page
    await uploadGcode(app, owner, 'bracket.gcode');
    await expectVisible(step(page, 'Upload your first G-code').getByText('Done', { exact: true }));

    // a printer whose agent connected ticks the printer step
    devices.push((await addFakePrinter(app, owner, { name: 'Mk4', driver: 'octoprint' })).device);
    await expectVisible(step(page, 'Add your first printer').getByText('Done', { exact: true }));
    expect(await isDone(page, 'Invite members')).toBe(false);

    // the last step: the card goes, and stays gone after a reload
    await callApi(app, `/groups/${owner.workspaceId}/users/`, {
      token: owner.access,
      body: { username: 'helper@example.com' },
    });
    await expectHidden(card(page));
    await page.reload();
    await page.locator('main').waitFor();
    await expectVisible(page.getByRole('heading', { name: 'Corner farm' }));
    expect(await card(page).count()).toBe(0);
  });

  it('does not appear for a workspace that already has printers and files; Skip dismisses it for good', async () => {
    const { app } = fixture;
    const established = await createAdmin(app, 'established@example.com');
    await uploadGcode(app, established, 'part.gcode');
    devices.push(
      (await addFakePrinter(app, established, { name: 'Old one', driver: 'moonraker' })).device,
    );
    const page = await fixture.openPage();
    await page.addInitScript(() => window.localStorage.setItem('printdeck.gettingStarted', '1'));
    await openAs(page, app, established);
    await expect.poll(() => readStorage(page, `printdeck.gettingStarted`)).toBe(null);
    // the dashboard settled (its printers drawn) with no card
    await expectVisible(page.getByText('Old one').first());
    expect(await card(page).count()).toBe(0);

    const empty = await createAdmin(app, 'empty@example.com');
    const second = await fixture.openPage();
    await second.addInitScript(() => {
      if (window.localStorage.getItem('e2e.pending') === null) {
        window.localStorage.setItem('e2e.pending', '1');
        window.localStorage.setItem('printdeck.gettingStarted', '1');
      }
    });
    await openAs(second, app, empty);
    await expectVisible(card(second));
    await card(second).getByRole('button', { name: 'Skip' }).click();
    await expectHidden(card(second));
    await second.reload();
    await second.locator('main').waitFor();
    await expectVisible(second.getByRole('heading', { name: 'empty' }));
    expect(await card(second).count()).toBe(0);
  });
});
