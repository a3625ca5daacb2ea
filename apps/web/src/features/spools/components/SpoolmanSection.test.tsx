import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { renderInApp } from '../../../../test-support/render-in-app';
import { SpoolmanSection } from './SpoolmanSection';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const connected = {
  connection: {
    url: 'http://spoolman.lan:7912',
    has_token: false,
    version: '0.22.1',
    connected_on: '2026-11-27T09:00:00.000Z',
    synced_on: '2026-11-27T09:00:00.000Z',
    sync_error: null,
    pending_usage_count: 2,
  },
};

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

/** Workspace 1's Spoolman: none at first; a PUT answers `answerPut` (200: connected after). */
function answerApi(answerPut: { status: number; body: unknown }) {
  let status: unknown = { connection: null };
  api.answerWith(({ method, url }) => {
    if (url !== '/api/groups/1/spoolman/') return undefined;
    if (method === 'GET') return { status: 200, body: status };
    if (method === 'PUT') {
      if (answerPut.status === 200) status = answerPut.body;
      return answerPut;
    }
    return undefined;
  });
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  renderInApp(<SpoolmanSection workspaceId={1} />);
  await user.type(
    await screen.findByRole('textbox', { name: /Spoolman address/ }),
    'http://spoolman.lan:7912',
  );
  await user.click(screen.getByRole('button', { name: 'Connect' }));
}

describe('the Spoolman section', () => {
  it('shows the server’s 400 beside the address field, and stays unconnected', async () => {
    const message = 'Nothing answers at this address.';
    answerApi({
      status: 400,
      body: {
        code: 'validation_error',
        message: `Validation error: url - ${message}`,
        details: { url: [message] },
      },
    });
    await fillAndSubmit();
    const field = screen.getByRole('textbox', { name: /Spoolman address/ });
    await screen.findByText(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('spoolman-connected')).toBeNull();
  });

  it('once connected, says where, and how many prints wait to be written', async () => {
    answerApi({ status: 200, body: connected });
    await fillAndSubmit();
    const status = await screen.findByTestId('spoolman-connected');
    expect(status.textContent).toContain(
      'Connected to http://spoolman.lan:7912 (Spoolman 0.22.1).',
    );
    expect(status.textContent).toContain("2 prints' filament use waits to be written to Spoolman.");
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => JSON.parse(call.body) as unknown)).toEqual([
      { url: 'http://spoolman.lan:7912', token: null },
    ]);
  });
});
