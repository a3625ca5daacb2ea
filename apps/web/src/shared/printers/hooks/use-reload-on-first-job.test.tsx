import type { PrinterDeviceState } from '@printdeck/shared';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { buildDeviceState, buildPrinter } from '../../../../test-support/printer-fixtures';
import { renderInApp } from '../../../../test-support/render-in-app';
import { printersQueryKey, usePrinters } from '../api/get-printers';
import { useReloadOnFirstJob } from './use-reload-on-first-job';

const LIST = '/api/groups/1/printers/';

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

/** The server's printer list: printed once a job was recorded. */
function answerList(jobRecorded: () => boolean) {
  api.answerWith(({ url }) =>
    url === LIST
      ? { status: 200, body: [buildPrinter({ id: 4, has_printed: jobRecorded() })] }
      : undefined,
  );
}
const listReads = () => api.calls.filter(({ url }) => url === LIST).length;

/** the next devices-states answer the probe shows */
let showState: (device: PrinterDeviceState) => void = () => undefined;

function Probe(props: { initial: PrinterDeviceState }) {
  const [device, setDevice] = useState(props.initial);
  showState = setDevice;
  const printers = usePrinters(1);
  useReloadOnFirstJob(
    printersQueryKey(1),
    (printers.data ?? []).map((printer) => ({ printer, device })),
  );
  const printer = printers.data?.[0];
  return <p>{printer === undefined ? 'loading' : printer.has_printed ? 'printed' : 'never'}</p>;
}

const idle = buildDeviceState('READY_TO_PRINT', { printer_id: 4 });
const printing = buildDeviceState('PRINTING', {
  printer_id: 4,
  print_job: { id: 9, username: 'ada@example.com', started_on_printer: false },
});

describe('the printer list after a first job', () => {
  it('is read again when a state shows a job of a printer it says never printed, once', async () => {
    let recorded = false;
    answerList(() => recorded);
    renderInApp(<Probe initial={idle} />);
    expect(await screen.findByText('never')).toBeTruthy();

    // the start reloaded the list before the printer reported its job
    await act(async () => showState({ ...idle, updated_at: 3 }));
    expect(listReads()).toBe(1);

    recorded = true;
    await act(async () => showState(printing));
    expect(await screen.findByText('printed')).toBeTruthy();
    expect(listReads()).toBe(2);

    // later states of the same job read nothing more
    await act(async () => showState({ ...printing, updated_at: 5 }));
    expect(listReads()).toBe(2);
  });

  it('is not read again while the printer already counts as printed', async () => {
    answerList(() => true);
    renderInApp(<Probe initial={printing} />);
    expect(await screen.findByText('printed')).toBeTruthy();
    await act(async () => showState({ ...printing, updated_at: 5 }));
    expect(listReads()).toBe(1);
  });
});
