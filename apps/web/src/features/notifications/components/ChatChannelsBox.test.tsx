import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { renderInApp } from '../../../../test-support/render-in-app';
import { ChatChannelsBox } from './ChatChannelsBox';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const channel = {
  id: 7,
  kind: 'ntfy',
  name: 'Farm phone',
  url: 'https://ntfy.sh',
  topic: 'printdeck-farm',
  has_token: true,
  events: ['print_done', 'print_failed'],
  is_enabled: true,
  created_on: '2026-11-27T09:00:00.000Z',
};

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

describe('my ntfy, Discord and Slack channels', () => {
  it('adds an ntfy channel with topic and token, lists it, and shows what its test did', async () => {
    let list: unknown[] = [];
    api.answerWith(({ method, url }) => {
      if (url === '/api/notifications/channels/' && method === 'GET')
        return { status: 200, body: { results: list } };
      if (url === '/api/notifications/channels/' && method === 'POST') {
        list = [channel];
        return { status: 201, body: channel };
      }
      if (url === '/api/notifications/channels/7/test/')
        return {
          status: 200,
          body: { result: 'failed', message: 'ntfy answered 403: forbidden' },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderInApp(<ChatChannelsBox />);
    await screen.findByText('No channels yet.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), channel.name);
    await user.type(screen.getByRole('textbox', { name: /ntfy server/ }), channel.url);
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), channel.topic);
    await user.type(screen.getByLabelText(/Access token/), 'tk_secret');
    await user.click(screen.getByRole('checkbox', { name: 'Spool running low' }));
    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    const item = await screen.findByText('Farm phone');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(JSON.parse(posts[0]!.body)).toEqual({
      kind: 'ntfy',
      name: channel.name,
      url: channel.url,
      topic: channel.topic,
      token: 'tk_secret',
      events: ['print_done', 'print_failed', 'spool_low'],
    });
    const card = item.closest('li')!;
    await user.click(within(card).getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(within(card).getByTestId('chat-test-result').textContent).toContain(
        'ntfy answered 403',
      ),
    );
  });

  it('asks a Discord channel for its webhook URL only (no topic, no token)', async () => {
    api.answerWith(({ method, url }) =>
      url === '/api/notifications/channels/' && method === 'GET'
        ? { status: 200, body: { results: [] } }
        : undefined,
    );
    const user = userEvent.setup();
    renderInApp(<ChatChannelsBox />);
    await screen.findByText('No channels yet.');
    await user.click(screen.getByText('Discord'));
    expect(screen.getByRole('textbox', { name: /Incoming webhook URL/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Topic' })).toBeNull();
  });
});
