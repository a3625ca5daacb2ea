import { describe, expect, it } from 'vitest';
import { canEmergencyStopFromMenu, getCardActions } from './card-actions';
import { buildView } from '../../../../test-support/printer-fixtures';

const operator = { isChangingState: false, canOperate: true };

describe('card actions by state', () => {
  it('shows only a loading button while the state changes', () => {
    expect(
      getCardActions({ ...operator, isChangingState: true, view: buildView('PRINTING') }),
    ).toEqual(['loading']);
  });

  it('offers Pause and Cancel while printing', () => {
    expect(getCardActions({ ...operator, view: buildView('PRINTING') })).toEqual([
      'pause',
      'cancel',
    ]);
  });

  it('offers Power on for an unpaired online device with a relay, Connect without one', () => {
    expect(
      getCardActions({ ...operator, view: buildView('PRINTER_NOT_PAIRED', { relay: true }) }),
    ).toEqual(['powerOn']);
    expect(getCardActions({ ...operator, view: buildView('PRINTER_NOT_PAIRED') })).toEqual([
      'connect',
    ]);
  });

  it('offers Connect, not Power on, after a disconnect while the relay reports the power on', () => {
    const plugins = {
      power_relay: true,
      power_on: true,
      led: false,
      spectoda: false,
      camera: true,
    };
    const disconnected = buildView('PRINTER_NOT_PAIRED', { relay: true, device: { plugins } });
    expect(getCardActions({ ...operator, view: disconnected })).toEqual(['connect']);
    const poweredOff = buildView('PRINTER_NOT_PAIRED', {
      relay: true,
      device: { plugins: { ...plugins, power_on: false } },
    });
    expect(getCardActions({ ...operator, view: poweredOff })).toEqual(['powerOn']);
  });

  it('offers nothing for an offline device or without OPERATE_PRINTERS', () => {
    expect(
      getCardActions({ ...operator, view: buildView('NOT_CONNECTED_TO_PROXY_SERVER') }),
    ).toEqual([]);
    expect(getCardActions({ ...operator, canOperate: false, view: buildView('PRINTING') })).toEqual(
      [],
    );
  });

  it.each(['READY_TO_PRINT', 'PAUSED', 'ERROR', 'STATE_UNKNOWN', 'CANCELLING'] as const)(
    'shows no card action in %s (Print and Re-print come with the print dialog)',
    (state) => {
      expect(getCardActions({ ...operator, view: buildView(state) })).toEqual([]);
    },
  );

  it('puts emergency stop in the menu while paired', () => {
    expect(canEmergencyStopFromMenu({ ...operator, view: buildView('PRINTING') })).toBe(true);
    expect(canEmergencyStopFromMenu({ ...operator, view: buildView('PRINTER_NOT_PAIRED') })).toBe(
      false,
    );
    expect(
      canEmergencyStopFromMenu({ ...operator, canOperate: false, view: buildView('PRINTING') }),
    ).toBe(false);
  });
});
