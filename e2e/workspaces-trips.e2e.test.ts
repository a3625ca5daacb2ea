import { describe, expect, it } from 'vitest';
import { extractLink } from '../apps/server/test-support/smtp-capture.js';
import { useAppAndBrowser } from './support/fixture.js';
import {
  addMember,
  callApi,
  createAdmin,
  openAs,
  PASSWORD,
  type Member,
} from './support/printers-world.js';
import { expectHeading, expectPath, expectVisible } from './support/ui.js';

/** What a person trips over around workspaces, members and direct links (issue 29). */
describe('workspaces and links lead somewhere', () => {
  const fixture = useAppAndBrowser({ cliHost: true });

  it(
    'an invitation link for an existing account signs in and lands accepted, with no second press',
    { timeout: 120_000 },
    async () => {
      const { app } = fixture;
      const host = await createAdmin(app, 'inviting@example.com');
      const guest = await createAdmin(app, 'invited@example.com');
      await callApi(app, `/groups/${host.workspaceId}/users/`, {
        token: host.access,
        body: { username: guest.email },
      });
      const link = extractLink((await app.smtp.waitForMail(guest.email)).text);

      const page = await fixture.openPage();
      await page.goto(link.href);
      await expectHeading(page, 'Join a workspace');
      await expectVisible(page.getByText(`You already have an account for ${guest.email}`));
      expect(await page.getByRole('button', { name: 'Create account and join' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Sign in and join' }).click();

      await expectHeading(page, 'Sign in');
      await expectVisible(page.getByText('Sign in to join the workspace inviting.'));
      expect(await page.getByLabel('Email').inputValue()).toBe(guest.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      // in the workspace it was invited to, a member already
      await expectPath(page, '/');
      await expectHeading(page, 'inviting');
      const mine = await callApi<Array<{ id: number }>>(app, '/users/me/groups/', {
        token: guest.access,
      });
      expect(mine.map((workspace) => workspace.id)).toContain(host.workspaceId);
      const waiting = await callApi<unknown[]>(app, '/users/me/invitations/', {
        token: guest.access,
      });
      expect(waiting).toEqual([]);
    },
  );

  it(
    'an observer following a link to the print queue is told why not and what to do, in Czech too',
    { timeout: 120_000 },
    async () => {
      const { app } = fixture;
      const host = await createAdmin(app, 'queueowner@example.com');
      await callApi(app, `/users/me/groups/${host.workspaceId}/`, {
        token: host.access,
        method: 'PATCH',
        body: { settings: { print_queue_enabled: true } },
      });
      const observer = await addMember(app, 'watcher@example.com', host.workspaceId, 'observer');
      const page = await fixture.openPage();
      await openAs(page, app, observer, '/print-queue');
      const notice = page.getByTestId('no-access');
      await expectVisible(notice.getByText('The print queue is for members who print'));
      await expectVisible(notice.getByText(/Your role here is Observer/));
      expect(await page.getByTestId('error-modal').count()).toBe(0);
      await notice.getByRole('link', { name: 'Go to the dashboard' }).click();
      await expectPath(page, '/');

      const czech = await fixture.openPage({ locale: 'cs-CZ' });
      await openAs(czech, app, observer, '/print-queue');
      await expectVisible(czech.getByText('Tisková fronta je pro členy, kteří tisknou'));
    },
  );

  it(
    'at 390 px in Czech the workspaces and members pages stay on screen, a role badge whole',
    { timeout: 120_000 },
    async () => {
      const { app } = fixture;
      const admin = await createAdmin(app, 'narrowadmin@example.com');
      await callApi(app, `/groups/${admin.workspaceId}/users/`, {
        token: admin.access,
        body: { username: 'maximilian.vonlongname@example-workshop.com' },
      });
      const page = await fixture.openPage({ locale: 'cs-CZ' });
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await openAs(page, app, admin, '/settings/workspaces');
      await expectVisible(page.getByRole('link', { name: /Upravit/ }));
      expect(await overflow()).toBeLessThanOrEqual(0);
      await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);
      await expectVisible(page.getByText('maximilian.vonlongname@example-workshop.com'));
      expect(await overflow()).toBeLessThanOrEqual(0);
      const badge = page.getByTestId('member-role').first();
      await expectVisible(badge);
      // the whole word shows: its text is not cut with an ellipsis
      expect(
        await badge.evaluate((element) => {
          const label = element.querySelector('span') ?? element;
          return label.scrollWidth - label.clientWidth;
        }),
      ).toBeLessThanOrEqual(0);
      // the pending invitation's e-mail wraps only between its parts (after a dot, before the @),
      // never inside "vonlongname": no text node of the cell spans two lines
      const email = page
        .getByRole('table', { name: 'Čekající pozvánky' })
        .getByRole('cell', { name: /maximilian/ });
      await expectVisible(email);
      expect(
        await email.evaluate((cell) => {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          const split: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            const lineTops = new Set(
              Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
            );
            if (lineTops.size > 1) split.push(node.textContent ?? '');
          }
          return split;
        }),
      ).toEqual([]);
    },
  );

  it(
    'a junior and an observer see the workspace profile, never an empty card',
    { timeout: 120_000 },
    async () => {
      const { app } = fixture;
      const host = await createAdmin(app, 'profileowner@example.com');
      for (const [email, role, label] of [
        ['junior@example.com', 'junior', 'Junior'],
        ['looker@example.com', 'observer', 'Observer'],
      ] as const) {
        const member: Member = await addMember(app, email, host.workspaceId, role);
        const page = await fixture.openPage();
        await openAs(page, app, member, `/settings/workspaces/${host.workspaceId}`);
        const profile = page.getByTestId('workspace-profile-read-only');
        await expectVisible(profile.getByText(`Your role here is ${label}`, { exact: false }));
        await expectVisible(profile.getByText('The workspace has no description yet.'));
        await expectVisible(profile.getByText('Not public: only its members see it.'));
      }
    },
  );

  it('a system administrator without two-factor sign-in is told why news management waits', async () => {
    const { app } = fixture;
    await app.runCli(
      'user',
      'create',
      '--email',
      'sysadmin@example.com',
      '--password',
      PASSWORD,
      '--admin',
    );
    await app.runCli(
      'workspace',
      'create',
      '--name',
      'Sys shop',
      '--owner',
      'sysadmin@example.com',
    );
    const tokens = await callApi<{ access: string; refresh: string }>(app, '/tokens/', {
      body: { username: 'sysadmin@example.com', password: PASSWORD },
    });
    const [workspace] = await callApi<{ id: number }[]>(app, '/users/me/groups/', {
      token: tokens.access,
    });
    const admin: Member = { email: 'sysadmin@example.com', ...tokens, workspaceId: workspace!.id };
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/admin/news');
    const notice = page.getByTestId('no-access');
    await expectVisible(notice.getByText('Managing news waits for two-factor sign-in'));
    expect(await page.getByTestId('error-modal').count()).toBe(0);
    await notice.getByRole('link', { name: 'Open account settings' }).click();
    await expectPath(page, '/settings/account');
  });
});
