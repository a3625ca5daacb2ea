import type { PrintJob } from '@printdeck/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGcode, pageOf } from '../../../../test-support/api-fixtures';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { buildWorkspace, renderInApp } from '../../../../test-support/render-in-app';
import {
  buildDeviceState,
  buildPrinter,
  buildView,
} from '../../../../test-support/printer-fixtures';
import { PrinterCard } from './PrinterCard';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const observer = buildWorkspace({ me: { role: 'observer', permissions: ['VIEW_GROUP'] } });
const noCamera = { printer: { camera_enabled: false } };

function lastJob(overrides: Partial<PrintJob>): PrintJob {
  return {
    id: 5,
    file_id: 7,
    file_name: 'benchy.gcode',
    file_exists: true,
    printer_id: 1,
    printer_name: 'Prusa',
    printer_exists: true,
    username: 'ada@example.com',
    started_on: '2026-01-02T10:00:00.000Z',
    ended_on: '2026-01-02T11:00:00.000Z',
    outcome: 'done',
    make_video: false,
    video_state: 'NOT_RECORDED',
    started_on_printer: false,
    end_reason: null,
    end_reason_code: null,
    energy_kwh: null,
    spool_usage: [],
    cost: null,
    ...overrides,
  };
}

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

/** What a card and the print dialog it opens read; the printer's latest job is `latest`. */
function answerApi(latest: PrintJob | null) {
  const file = buildGcode({ id: 7, name: 'benchy.gcode' });
  api.answerWith(({ method, url }) => {
    const path = url.split('?')[0];
    if (method !== 'GET') return undefined;
    if (path === '/api/groups/1/print-jobs/')
      return { status: 200, body: pageOf(latest ? [latest] : []) };
    if (path === '/api/groups/1/printers/') return { status: 200, body: [buildPrinter()] };
    if (path === '/api/groups/1/devices-states/')
      return { status: 200, body: [buildDeviceState('READY_TO_PRINT')] };
    if (path === '/api/groups/1/files/') return { status: 200, body: pageOf([file]) };
    if (path === '/api/groups/1/files/7/') return { status: 200, body: file };
    return undefined;
  });
}

const CZECH_DOWNLOADING = 'Stahuje tiskový soubor: 42 %';

const card = () => screen.getByTestId('printer-card');

describe('the printer card', () => {
  it('shows a ready printer with its name linking to its page, its state and temperatures, and Print', () => {
    renderInApp(<PrinterCard view={buildView('READY_TO_PRINT', noCamera)} showCamera />);
    expect(within(card()).getByRole('link', { name: 'Prusa' }).getAttribute('href')).toBe(
      '/printers/1',
    );
    expect(within(card()).getByTestId('printer-state').textContent).toBe('Ready');
    expect(card().textContent).toContain('210');
    expect(within(card()).getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Re-print' })).toBeTruthy();
    expect(within(card()).queryByRole('link', { name: 'Pause' })).toBeNull();
  });

  it('while printing offers Pause and Cancel on the controls tab, and no Print', () => {
    renderInApp(<PrinterCard view={buildView('PRINTING', noCamera)} showCamera />);
    expect(within(card()).getByTestId('printer-state').textContent).toBe('Printing');
    for (const name of ['Pause', 'Cancel']) {
      expect(within(card()).getByRole('link', { name }).getAttribute('href')).toBe(
        '/printers/1?activeTab=controls',
      );
    }
    expect(within(card()).queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('shows an observer the state but no action it may not take', () => {
    renderInApp(<PrinterCard view={buildView('PRINTING', noCamera)} showCamera />, {
      workspace: observer,
    });
    expect(within(card()).getByTestId('printer-state').textContent).toBe('Printing');
    expect(within(card()).queryByRole('link', { name: 'Pause' })).toBeNull();
    expect(within(card()).queryByRole('link', { name: 'Cancel' })).toBeNull();
  });

  it('shows the download progress rounded, in Czech too', () => {
    const view = buildView('DOWNLOADING_PRINT_FILE', {
      ...noCamera,
      device: { download_progress: 42.4 },
    });
    const english = renderInApp(<PrinterCard view={view} showCamera />);
    expect(within(card()).getByTestId('printer-state').textContent).toBe(
      'Downloading print file: 42%',
    );
    english.unmount();
    renderInApp(<PrinterCard view={view} showCamera />, { language: 'cs' });
    expect(within(card()).getByTestId('printer-state').textContent).toBe(CZECH_DOWNLOADING);
  });

  it('Re-print opens the print dialog with the last printed G-code on this printer', async () => {
    answerApi(lastJob({ file_id: 7 }));
    const user = userEvent.setup();
    renderInApp(<PrinterCard view={buildView('READY_TO_PRINT', noCamera)} showCamera />);
    await user.click(within(card()).getByRole('button', { name: 'Re-print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('print-dialog-gcode')).toHaveProperty(
        'value',
        'benchy.gcode',
      ),
    );
    expect(await within(dialog).findByRole('checkbox', { name: 'Prusa' })).toHaveProperty(
      'checked',
      true,
    );
    // the card also reads the workspace's loaded spools
    expect(api.calls.map((call) => call.url)).toContainEqual(
      expect.stringMatching(/^\/api\/groups\/1\/print-jobs\/\?.*printer_id=1/),
    );
  });

  it('Re-print of a deleted G-code says so instead of opening the dialog', async () => {
    answerApi(lastJob({ file_id: null, file_exists: false }));
    const user = userEvent.setup();
    renderInApp(<PrinterCard view={buildView('READY_TO_PRINT', noCamera)} showCamera />);
    await user.click(within(card()).getByRole('button', { name: 'Re-print' }));
    expect(
      await screen.findByText('The previous gcode was deleted and cannot be printed again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Print' })).toBeNull();
  });
});
