import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/fixture.js';
import { callApi, createAdmin, openAs, PASSWORD } from './support/printers-world.js';
import { expectVisible } from './support/ui.js';

/** A server without SMTP_URL: every mail is a file under DATA_DIR/mail/, and the screens say so. */
describe('without a mail server', () => {
  const fixture = useAppAndBrowser({ env: () => ({ SMTP_URL: '' }) });

  it("the administrators' settings say where mail goes and how to connect a mail server", async () => {
    const { app } = fixture;
    await app.runCli(
      'user',
      'create',
      '--email',
      'operator@example.com',
      '--password',
      PASSWORD,
      '--admin',
    );
    const tokens = await callApi<{ access: string; refresh: string }>(app, '/tokens/', {
      body: { username: 'operator@example.com', password: PASSWORD },
    });
    const { id: workspaceId } = await callApi<{ id: number }>(app, '/users/me/groups/', {
      token: tokens.access,
      body: { name: 'Farm' },
    });
    const operator = { email: 'operator@example.com', ...tokens, workspaceId };

    // the system administrator's settings
    const page = await fixture.openPage();
    await openAs(page, app, operator, '/settings');
    const note = page.getByRole('region', { name: 'E-mail' });
    await expectVisible(note);
    const text = (await note.textContent()) ?? '';
    expect(text).toContain('DATA_DIR/mail/');
    expect(text).toContain('SMTP_URL=smtp://user:password@mail.example.com:587');
    expect(text).toContain('MAIL_FROM=');
    expect(text).toContain('Restart the server');

    // the workspace's settings, where members are invited
    await page.goto(`${app.url}/settings/workspaces/${workspaceId}`);
    await expectVisible(page.getByRole('region', { name: 'E-mail' }));

    // a workspace admin who is no system administrator sees it beside the members too, not
    // on the settings list (only the operator can act on it there)
    const admin = await createAdmin(app, 'workspace.admin@example.com');
    const second = await fixture.openPage();
    await openAs(second, app, admin, `/settings/workspaces/${admin.workspaceId}`);
    await expectVisible(second.getByRole('region', { name: 'E-mail' }));
    await second.goto(`${app.url}/settings`);
    await expectVisible(second.getByRole('heading', { name: 'Settings', level: 1 }));
    await expectVisible(second.getByRole('link', { name: /Account/ }));
    expect(await second.getByRole('region', { name: 'E-mail' }).count()).toBe(0);
  });

  it('in Czech too', async () => {
    const { app } = fixture;
    const admin = await createAdmin(app, 'cesky@example.com');
    await callApi(app, '/users/me/', {
      token: admin.access,
      method: 'PATCH',
      body: { language: 'cs' },
    });
    const page = await fixture.openPage({ locale: 'cs-CZ' });
    await openAs(page, app, admin, `/settings/workspaces/${admin.workspaceId}`);
    const note = page.getByRole('region', { name: 'E-mail' });
    await expectVisible(note.getByText('Není připojený žádný poštovní server', { exact: false }));
  });
});
