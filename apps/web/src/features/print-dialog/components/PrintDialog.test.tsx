import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGcode, pageOf } from '../../../../test-support/api-fixtures';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { renderInApp } from '../../../../test-support/render-in-app';
import { buildDeviceState, buildPrinter } from '../../../../test-support/printer-fixtures';
import PrintDialog from './PrintDialog';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const file = buildGcode({ id: 7, name: 'benchy.gcode', filament_type: 'PLA' });
const printers = [
  buildPrinter({ id: 1, name: 'Ready MK4' }),
  buildPrinter({ id: 2, name: 'Busy MK3' }),
  buildPrinter({ id: 3, name: 'PETG Mini', filament_type: 'PETG' }),
  buildPrinter({ id: 4, name: 'Ready XL' }),
];
const states = [
  buildDeviceState('READY_TO_PRINT', { printer_id: 1 }),
  buildDeviceState('PRINTING', { printer_id: 2 }),
  buildDeviceState('READY_TO_PRINT', { printer_id: 3 }),
  buildDeviceState('READY_TO_PRINT', { printer_id: 4 }),
];

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

const waitingStart = {
  id: 5,
  printer_id: 4,
  file_id: 7,
  file_name: 'benchy.gcode',
  state: 'waiting',
  requested_on: '2026-11-27T10:00:00.000Z',
  place: 1,
  error: null,
};

/**
 * The workspace's API as the dialog reads it; a print start on `refusingPrinter` is 409, on
 * `waitingPrinter` 202 (held by the staggered-start rule), listed until it is cancelled.
 */
function answerApi(refusingPrinter?: number, waitingPrinter?: number) {
  let waiting = waitingPrinter === undefined ? [] : [waitingStart];
  api.answerWith(({ method, url }) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === '/api/groups/1/printers/')
      return { status: 200, body: printers };
    if (method === 'GET' && path === '/api/groups/1/devices-states/')
      return { status: 200, body: states };
    if (method === 'GET' && path === '/api/groups/1/files/')
      return { status: 200, body: pageOf([file]) };
    if (method === 'GET' && path === '/api/groups/1/files/7/') return { status: 200, body: file };
    if (method === 'GET' && path === '/api/groups/1/waiting-starts/')
      return { status: 200, body: waiting };
    if (method === 'DELETE' && path === '/api/groups/1/waiting-starts/5/') {
      waiting = [];
      return { status: 204, body: null };
    }
    const start = /^\/api\/printers\/(\d+)\/files\/$/.exec(path!);
    if (method === 'POST' && start)
      return Number(start[1]) === refusingPrinter
        ? { status: 409, body: { code: 'conflict', message: 'The printer is busy.' } }
        : Number(start[1]) === waitingPrinter
          ? { status: 202, body: { waiting_start: waitingStart } }
          : { status: 201, body: { printjob_id: 99 } };
    return undefined;
  });
}

const printStarts = () =>
  api.calls
    .filter((call) => call.method === 'POST')
    .map((call) => ({ url: call.url, body: JSON.parse(call.body) as unknown }));

async function openDialog(props: { initialPrinterId?: number } = {}) {
  const onClose = vi.fn();
  renderInApp(<PrintDialog initialFileId={7} onClose={onClose} {...props} />);
  const dialog = await screen.findByRole('dialog', { name: 'Print' });
  await within(dialog).findByText('Ready MK4');
  return { dialog, onClose };
}

describe('the print dialog', () => {
  it('starts the chosen G-code on the chosen printer with the make-video choice, then closes', async () => {
    answerApi();
    const user = userEvent.setup();
    const { dialog, onClose } = await openDialog();
    await within(dialog).findByText('Filament of the G-code: PLA');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ready MK4' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make video' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start print' }));
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(printStarts()).toEqual([
        { url: '/api/printers/1/files/', body: { file_id: 7, print: true, make_video: true } },
      ]),
    );
    expect(await screen.findByText('Print started on 1 printer.')).toBeTruthy();
  });

  it('marks printers that are not ready or hold another filament, and refuses them in the spec order', async () => {
    answerApi();
    const user = userEvent.setup();
    const { dialog, onClose } = await openDialog();
    const rowOf = (name: string) =>
      within(dialog)
        .getAllByTestId('print-dialog-printer')
        .find((row) => within(row).queryByText(name))!;
    expect(within(rowOf('Busy MK3')).getByText('Printer not ready')).toBeTruthy();
    await within(rowOf('PETG Mini')).findByText('Filament does not match');
    expect(within(rowOf('Ready MK4')).queryByText('Printer not ready')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Start print' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('No printer selected.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Busy MK3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start print' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Not all selected printers are ready to print.',
    );
    // single mode: choosing another printer replaces the first
    await user.click(within(dialog).getByRole('checkbox', { name: 'PETG Mini' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Busy MK3' })).toHaveProperty(
      'checked',
      false,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start print' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Not all selected printers have loaded the correct filament type.',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(printStarts()).toEqual([]);
  });

  it('starts on several printers at once and names the one that refused', async () => {
    answerApi(4);
    const user = userEvent.setup();
    const { dialog, onClose } = await openDialog({ initialPrinterId: 1 });
    await user.click(within(dialog).getByRole('switch', { name: 'Several printers' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ready XL' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Ready MK4' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start print' }));
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(
        printStarts()
          .map((start) => start.url)
          .sort(),
      ).toEqual(['/api/printers/1/files/', '/api/printers/4/files/']),
    );
    expect(await screen.findByText('Print started on 1 printer.')).toBeTruthy();
    const report = await screen.findByTestId('error-modal');
    expect(report.textContent).toContain('Error when start new printjob on printer Ready XL');
    expect(report.textContent).toContain('The printer is busy.');
  });

  it('tells the starts the staggered-start rule holds, shows them on their printer, and cancels one', async () => {
    answerApi(undefined, 4);
    const user = userEvent.setup();
    const first = await openDialog({ initialPrinterId: 1 });
    await user.click(within(first.dialog).getByRole('switch', { name: 'Several printers' }));
    await user.click(within(first.dialog).getByRole('checkbox', { name: 'Ready XL' }));
    await user.click(within(first.dialog).getByRole('button', { name: 'Start print' }));
    expect(
      await screen.findByText(
        '1 printer waits to start (power): it starts by itself when fewer printers heat up.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Print started on 1 printer.')).toBeTruthy();

    // the dialog (closed by its owner, here still shown) reads the held start again
    const row = within(first.dialog)
      .getAllByTestId('print-dialog-printer')
      .find((candidate) => within(candidate).queryByText('Ready XL'))!;
    expect(await within(row).findByText('Waiting to start (power) · 1. in line')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Cancel start' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(within(row).queryByText(/Waiting to start/)).toBeNull());
  });
});
