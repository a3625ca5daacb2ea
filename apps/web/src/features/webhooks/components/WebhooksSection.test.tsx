import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { renderInApp } from '../../../../test-support/render-in-app';
import { WebhooksSection } from './WebhooksSection';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const SECRET = 'whsec_0123456789abcdef';
const created = {
  id: 5,
  url: 'https://hooks.example.com/in',
  events: ['job.finished'],
  is_enabled: true,
  created_on: '2026-11-27T09:00:00.000Z',
  previous_secret_until: null,
};

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

/** The webhooks of workspace 1; a create answers with `answerCreate`, after which it is listed. */
function answerApi(answerCreate: { status: number; body: unknown }) {
  let list: unknown[] = [];
  api.answerWith(({ method, url }) => {
    if (url !== '/api/groups/1/webhooks/') return undefined;
    if (method === 'GET') return { status: 200, body: { results: list } };
    if (method === 'POST') {
      if (answerCreate.status === 201) list = [created];
      return answerCreate;
    }
    return undefined;
  });
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  renderInApp(<WebhooksSection workspaceId={1} />);
  await screen.findByText('No webhooks yet.');
  await user.type(screen.getByRole('textbox', { name: /URL/ }), created.url);
  await user.click(screen.getByRole('checkbox', { name: 'Print finished' }));
  await user.click(screen.getByRole('button', { name: 'Add webhook' }));
  return user;
}

describe('the webhooks section', () => {
  it('shows the signing secret once after adding, and no more once dismissed', async () => {
    answerApi({ status: 201, body: { ...created, secret: SECRET } });
    const user = await fillAndSubmit();
    const notice = await screen.findByRole('status');
    expect(within(notice).getByTestId('new-webhook-secret').textContent).toBe(SECRET);
    expect(notice.textContent).toContain('shown only once');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => JSON.parse(call.body) as unknown)).toEqual([
      { url: created.url, events: ['job.finished'] },
    ]);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    within(list).getByText(created.url);
    expect(within(list).queryByText(SECRET)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('shows the server’s 400 next to the field it names', async () => {
    const message = 'The address is not a public address.';
    answerApi({
      status: 400,
      body: {
        code: 'validation_error',
        message: `Validation error: url - ${message}`,
        details: { url: [message] },
      },
    });
    await fillAndSubmit();
    const input = screen.getByRole('textbox', { name: /URL/ });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain(message);
    // the field's own message, not a general one beside the button
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByTestId('new-webhook-secret')).toBeNull();
  });

  it('rotates the secret: the new one shown once, the old one’s grace period said', async () => {
    const until = new Date(Date.now() + 24 * 3_600_000).toISOString();
    api.answerWith(({ method, url }) => {
      if (url === '/api/groups/1/webhooks/' && method === 'GET')
        return { status: 200, body: { results: [created] } };
      if (url === '/api/groups/1/webhooks/5/rotate-secret/')
        return {
          status: 200,
          body: { ...created, previous_secret_until: until, secret: 'whsec_new' },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderInApp(<WebhooksSection workspaceId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('rotated-webhook-secret')).textContent).toBe('whsec_new');
    await waitFor(() =>
      expect(screen.getAllByText(/The previous secret also signs until/).length).toBeGreaterThan(0),
    );
  });
});
