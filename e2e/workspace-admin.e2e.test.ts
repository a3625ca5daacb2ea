import { describe, expect, it } from 'vitest';
import { extractLink } from '../apps/server/test-support/smtp-capture.js';
import { authenticatorCode, enableTwoFactor } from '../apps/server/test-support/two-factor.js';
import { useAppAndBrowser } from './support/fixture.js';
import { buildPrusaGcode } from './support/files-world.js';
import { callApi, createAdmin, openAs } from './support/printers-world.js';
import { expectHeading, expectHidden, expectPath, expectVisible } from './support/ui.js';

const INVITEE_PASSWORD = 'an invited passphrase 42';

async function uploadWithToken(url: string, workspaceId: number, token: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(buildPrusaGcode())]), name);
  const response = await fetch(`${url}/api/groups/${workspaceId}/files/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return response.status;
}

/** The API as the two-factor helper calls it: status and parsed body. */
async function apiCall(
  app: { url: string },
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('running a workspace', () => {
  const fixture = useAppAndBrowser({ cliHost: true });

  it('invites a newcomer by e-mail, who registers through the link, joins as observer and can upload once promoted', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'owner@example.com');
    const invitee = 'newcomer@example.com';
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);

    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
    await dialog.getByLabel('E-mail').fill('not an address');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectVisible(dialog.getByText('Enter a valid email address.'));
    await dialog.getByLabel('E-mail').fill(invitee);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await expectVisible(pending.getByText(invitee));

    // The newcomer follows the mailed link in a browser of their own.
    const link = extractLink((await app.smtp.waitForMail(invitee)).text);
    expect(link.pathname).toBe('/invitations/accept');
    const guest = await fixture.openPage();
    await guest.goto(link.href);
    await expectHeading(guest, 'Join a workspace');
    expect(await guest.getByLabel('Email').inputValue()).toBe(invitee);
    await guest.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD);
    await guest.getByLabel('Confirm password').fill(INVITEE_PASSWORD);
    await guest.getByRole('button', { name: 'Create account and join' }).click();
    // signed in at once with the password just chosen (issue 15 item 18): no second log-in
    await expectPath(guest, '/');
    await guest.locator('main').waitFor();
    await expectHeading(guest, 'owner');
    const banner = guest.getByRole('banner');
    expect(await banner.getByRole('button', { name: 'Upload' }).count()).toBe(0);

    // The admin sees them as observer and makes them a user.
    await page.reload();
    const members = page.getByRole('table', { name: 'Members' });
    const row = members.getByRole('row').filter({ hasText: invitee });
    await expectVisible(row.getByText('Observer'));
    await row.getByRole('button', { name: `Actions for ${invitee}` }).click();
    await page.getByRole('menuitem', { name: 'Make User' }).click();
    await expectVisible(row.getByText('User', { exact: true }));

    // Now they may upload.
    await guest.reload();
    await expectVisible(guest.getByRole('banner').getByRole('button', { name: 'Upload' }));
    const tokens = await callApi<{ access: string }>(app, '/tokens/', {
      body: { username: invitee, password: INVITEE_PASSWORD },
    });
    expect(await uploadWithToken(app.url, admin.workspaceId, tokens.access, 'joined.gcode')).toBe(
      201,
    );
  });

  it('an existing account is only invited: it joins when its owner accepts in Settings → Workspaces', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'host@example.com');
    const guest = await createAdmin(app, 'guest@example.com');
    await callApi(app, `/groups/${admin.workspaceId}/users/`, {
      token: admin.access,
      body: { username: guest.email },
    });
    const page = await fixture.openPage();
    await openAs(page, app, guest, '/settings/workspaces');
    const workspaces = page.getByRole('table', { name: 'Workspaces' });
    await expectVisible(workspaces.getByRole('cell', { name: 'guest', exact: true }));
    expect(await workspaces.getByRole('cell', { name: 'host', exact: true }).count()).toBe(0);
    const invitations = page.getByRole('region', { name: 'Invitations for you' });
    await expectVisible(invitations.getByText('From host@example.com', { exact: false }));
    await invitations.getByRole('button', { name: 'Accept the invitation to host' }).click();
    await expectVisible(workspaces.getByRole('cell', { name: 'host', exact: true }));
    // the invitations are read again after the workspaces: wait for them to go, not for time
    await expectHidden(invitations);
  });

  it('bulk invite counts the invalid lines and refuses to analyse them', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'bulk@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}/invite-users`);
    await expectHeading(page, 'Bulk invite');

    const valid = Array.from({ length: 17 }, (_, i) => `Person${i}@Example.com`);
    const lines = [
      ...valid.slice(0, 5),
      'no-at-sign',
      ...valid.slice(5, 12),
      'two@@x',
      ...valid.slice(12),
      'a b@c.d',
    ];
    await page.getByLabel('One e-mail address per line').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Check addresses' }).click();
    await expectVisible(
      page.getByText('There are 3 errors in provided data. Please fix the data before continuing.'),
    );

    await page
      .getByLabel('One e-mail address per line')
      .fill([...valid, 'bulk@example.com'].join('\n'));
    await page.getByRole('button', { name: 'Check addresses' }).click();
    await expectVisible(page.getByRole('heading', { name: 'What will happen' }));
    expect(await page.getByTestId('count-unique').innerText()).toBe('18');
    expect(await page.getByTestId('count-new').innerText()).toBe('17');
    // the admin is already a member: "existing" counts this workspace's members only
    expect(await page.getByTestId('count-existing').innerText()).toBe('1');
    expect(await page.getByTestId('count-alreadyInvited').innerText()).toBe('0');

    // Invite all, after confirmation, one by one into the progress log.
    await page.getByRole('button', { name: 'Send 17 invitations' }).click();
    await page
      .getByRole('dialog', { name: 'Send invitations' })
      .getByRole('button', { name: 'Send' })
      .click();
    const log = page.getByRole('list', { name: 'Progress' });
    await expect.poll(() => log.getByText(': invited').count(), { timeout: 15_000 }).toBe(17);
    await expectVisible(page.getByRole('button', { name: 'Send 0 invitations' }));
  });

  it('a read-only API key cannot upload while a print-to-workspace key can', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'keys@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/api-tokens');

    let lastShown = '';
    const createKey = async (name: string, scope?: string) => {
      await page.getByRole('link', { name: 'New API key' }).click();
      await expectPath(page, '/settings/api-tokens/create');
      await page.getByLabel('Name', { exact: true }).fill(name);
      if (scope) {
        await page.getByLabel('Advanced: choose the scope').check();
        await page.getByLabel(scope).check();
      }
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByTestId('new-api-key');
      // the box may still show the previous key for a moment: wait for this one
      await expect
        .poll(async () => {
          const text = await shown.innerText();
          return text.startsWith('pdk_') && text !== lastShown;
        })
        .toBe(true);
      const key = await shown.innerText();
      lastShown = key;
      await expectVisible(page.getByText('It will not be shown again.', { exact: false }));
      await page.getByRole('link', { name: 'Back to API keys' }).last().click();
      await expectPath(page, '/settings/api-tokens');
      await expectVisible(page.getByRole('cell', { name, exact: true }));
      return key;
    };
    const readOnly = await createKey('reader', 'Read only');
    const printing = await createKey('printer', 'Print to workspace');
    expect(readOnly).not.toBe(printing);

    expect(await uploadWithToken(app.url, admin.workspaceId, readOnly, 'read.gcode')).toBe(403);
    expect(await uploadWithToken(app.url, admin.workspaceId, printing, 'print.gcode')).toBe(201);
    await expectVisible(page.getByText(`${app.url}/slicer/${admin.workspaceId}`));

    // A slicer's "OctoPrint" upload with the print-to-workspace key lands in the files list.
    const slicerUrl = `${app.url}/slicer/${admin.workspaceId}`;
    const headers = { 'X-Api-Key': printing, 'User-Agent': 'PrusaSlicer/2.8.1' };
    expect((await fetch(`${slicerUrl}/api/version`, { headers })).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildPrusaGcode())]), 'sliced-benchy.gcode');
    form.append('select', 'false');
    form.append('print', 'false');
    const sent = await fetch(`${slicerUrl}/api/files/local`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(sent.status).toBe(201);
    const refused = await fetch(`${slicerUrl}/api/version`, {
      headers: { 'X-Api-Key': readOnly },
    });
    expect(refused.status).toBe(403);
    await page.goto(`${app.url}/gcodes`);
    await expectVisible(page.getByText('sliced-benchy.gcode').first());
  });

  it('notification settings save only when changed, cancel, and send a test e-mail', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'notify@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/notifications');
    const box = page.getByRole('region', { name: 'notify' });
    const save = box.getByRole('button', { name: 'Save' });
    await expectVisible(save);
    expect(await save.isDisabled()).toBe(true);

    // Telegram on without a linked account: the hint, Save enabled, no test button; Cancel.
    await box.getByLabel('Telegram').check({ force: true });
    await expectVisible(box.getByText('Telegram is not linked'));
    expect(await save.isDisabled()).toBe(false);
    expect(await box.getByRole('button', { name: 'Send test notification' }).count()).toBe(0);
    await box.getByRole('button', { name: 'Cancel' }).click();
    await expectVisible(box.getByRole('button', { name: 'Send test notification' }));
    expect(await box.getByLabel('Telegram').isChecked()).toBe(false);

    // E-mail on and saved, then a test that arrives by mail.
    const email = box.getByLabel('E-mail');
    if (!(await email.isChecked())) {
      await email.check({ force: true });
      await save.click();
      await expect.poll(() => save.isDisabled()).toBe(true);
    }
    await box.getByRole('button', { name: 'Send test notification' }).click();
    expect((await app.smtp.waitForMail(admin.email)).text.length).toBeGreaterThan(0);

    // Statistics of the workspace: nothing printed yet.
    await page.goto(`${app.url}/workspace-stats`);
    await expectHeading(page, 'Workspace statistics');
    await expect.poll(() => page.getByTestId('stat-printJobs').innerText()).toBe('0');
  });

  it('an unknown workspace is reported and the list shown again', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'lost@example.com');
    const page = await fixture.openPage();
    await openAs(page, app, admin, '/settings/workspaces/987654');
    await expectVisible(page.getByText("Can't find requested workspace with ID: 987654"));
    await expectPath(page, '/settings/workspaces');
    await expectVisible(page.getByRole('link', { name: 'Edit lost' }));
  });

  it('a news item written by an administrator is read and marked unread', async () => {
    const { app } = fixture;
    await app.runCli(
      'user',
      'create',
      '--email',
      'root@example.com',
      '--password',
      'printers are fun 42',
      '--admin',
    );
    await app.runCli('workspace', 'create', '--name', 'Root shop', '--owner', 'root@example.com');
    const tokens = await callApi<{ access: string }>(app, '/tokens/', {
      body: { username: 'root@example.com', password: 'printers are fun 42' },
    });
    const [workspace] = await callApi<{ id: number }[]>(app, '/users/me/groups/', {
      token: tokens.access,
    });
    // a system administrator's powers wait for two-factor sign-in
    const { secret } = await enableTwoFactor(
      { api: (path, init) => apiCall(app, path, init) },
      tokens.access,
    );
    const root = {
      email: 'root@example.com',
      ...tokens,
      refresh: '',
      workspaceId: workspace!.id,
      otp: authenticatorCode(secret, undefined, 1),
    };
    const page = await fixture.openPage();
    await openAs(page, app, root, '/admin/news');
    await expectHeading(page, 'Manage news');
    await page.getByRole('button', { name: 'Write news' }).click();
    await page.getByLabel('Title (English)').fill('Queue arrives');
    await page.getByLabel('Perex (English)').fill('Line up your prints.');
    await page
      .getByLabel('Content in markdown (English)')
      .fill('# Big news\n\nThe **queue** is here.');
    const past = new Date(Date.now() - 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByLabel('Publish from')
      .fill(`${past.getDate()}.${past.getMonth() + 1}.${past.getFullYear()}`);
    await page
      .getByLabel('Publish at (time)')
      .fill(`${pad(past.getHours())}:${pad(past.getMinutes())}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByRole('cell', { name: 'Queue arrives' }));

    // The envelope appears with its dot; the list shows the item unread.
    await page.goto(`${app.url}/news`);
    await expectHeading(page, 'News');
    await page.getByRole('link', { name: /Queue arrives/ }).click();
    await expectHeading(page, 'Queue arrives');
    await expectVisible(page.getByRole('heading', { name: 'Big news' }));
    await expectVisible(page.locator('strong', { hasText: 'queue' }));
    await expect
      .poll(() =>
        callApi<{ unread_count: number }>(app, '/users/me/news/', { token: tokens.access }),
      )
      .toMatchObject({ unread_count: 0 });

    await page.getByRole('button', { name: 'Mark as unread' }).click();
    await expect
      .poll(() =>
        callApi<{ unread_count: number }>(app, '/users/me/news/', { token: tokens.access }),
      )
      .toMatchObject({ unread_count: 1 });
    await page.getByRole('link', { name: 'Back to news' }).click();
    await expectVisible(page.getByRole('img', { name: 'Unread' }));
    await expectVisible(page.getByRole('banner').getByRole('link', { name: 'News, unread items' }));
  });

  it('a description with a script tag is shown as text and never runs', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'script@example.com');
    await callApi(app, `/users/me/groups/${admin.workspaceId}/`, {
      token: admin.access,
      method: 'PATCH',
      body: {
        public_description:
          '<p><b>Bold</b> words</p><script>window.__pwned = true</script><img src=x onerror="window.__pwned=true">',
      },
    });
    const page = await fixture.openPage();
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);
    const description = page.getByTestId('workspace-description');
    await expectVisible(description.locator('b', { hasText: 'Bold' }));
    expect(await description.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // The public profile shows it the same way to anyone.
    const { uniqueId } = await callApi<{ uniqueId: string }>(
      app,
      `/users/me/groups/${admin.workspaceId}/`,
      { token: admin.access, method: 'PATCH', body: { is_public: true } },
    );
    const visitor = await fixture.openPage();
    await visitor.goto(`${app.url}/public/${uniqueId}`);
    await expectHeading(visitor, 'script');
    const shown = visitor.getByTestId('workspace-description');
    await expectVisible(shown.locator('b', { hasText: 'Bold' }));
    expect(await shown.locator('script, img').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  });
});
