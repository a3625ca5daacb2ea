import type { AmsState } from '@printdeck/shared';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../../../../test-support/fake-api-server';
import { renderInApp } from '../../../../test-support/render-in-app';
import { buildView } from '../../../../test-support/printer-fixtures';
import { PrinterAmsTrays } from '../../../shared/printers/components/PrinterAmsTrays';
import { PrinterCard } from './PrinterCard';

// a first render of Mantine under jsdom takes seconds on a busy machine
vi.setConfig({ testTimeout: 30_000 });

/** One AMS (A1 PLA 80 %, A2 empty, A3 PETG of unknown amount, A4 empty) and the external spool. */
const ams: AmsState = {
  trays: [
    { id: 0, unit: 0, slot: 0, material: 'PLA', color: '#FF0000', remaining_percent: 80 },
    { id: 1, unit: 0, slot: 1, material: null, color: null, remaining_percent: null },
    { id: 2, unit: 0, slot: 2, material: 'PETG', color: '#00AE42', remaining_percent: null },
    { id: 3, unit: 0, slot: 3, material: null, color: null, remaining_percent: null },
    { id: 254, unit: null, slot: null, material: 'TPU', color: '#000000', remaining_percent: 5 },
  ],
  active_tray: 2,
};

// the card asks for its loaded spools: unknown routes answer 404, signed in
let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());

const printing = (trays: AmsState | null) =>
  buildView('PRINTING', { device: { ams: trays }, printer: { camera_enabled: false } });

const trays = () => screen.getByRole('list', { name: /AMS/ });

describe('the AMS trays', () => {
  it('shows each tray on the printer card: the active one marked, empty slots, unknown amounts as –', () => {
    renderInApp(<PrinterCard view={printing(ams)} showCamera={false} />);
    const items = within(trays()).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Tray A1, PLA, 80% left',
      'Tray A2, empty',
      'Tray A3, PETG, amount left unknown, feeding the nozzle now',
      'Tray A4, empty',
      'External spool, TPU, 5% left',
    ]);

    const active = within(trays()).getByRole('listitem', { current: true });
    expect(active).toBe(screen.getByTestId('ams-tray-2'));
    expect(active.textContent).toBe('PETG–');

    const empty = screen.getByTestId('ams-tray-1');
    expect(empty.getAttribute('aria-current')).toBeNull();
    expect(empty.dataset.empty).toBe('true');
    expect(empty.textContent).toContain('Empty');
    expect(empty.textContent).not.toContain('%');

    expect(screen.getByTestId('ams-tray-0').textContent).toBe('PLA80%');
  });

  it('speaks Czech with the Czech percent', () => {
    renderInApp(<PrinterAmsTrays view={printing(ams)} />, { language: 'cs' });
    expect(screen.getByRole('list', { name: 'Sloty AMS' })).toBeTruthy();
    expect(screen.getByTestId('ams-tray-0').getAttribute('aria-label')).toBe(
      'Slot A1, PLA, zbývá 80 %',
    );
    expect(screen.getByTestId('ams-tray-2').getAttribute('aria-label')).toBe(
      'Slot A3, PETG, zbývající množství neznámé, právě podává do trysky',
    );
    expect(screen.getByTestId('ams-tray-1').textContent).toContain('Prázdný');
  });

  it('shows nothing for a printer without an AMS', () => {
    renderInApp(<PrinterCard view={printing(null)} showCamera={false} />);
    expect(screen.getByTestId('printer-card')).toBeTruthy();
    expect(screen.queryByTestId('ams-trays')).toBeNull();
  });
});
