import { describe, expect, it } from 'vitest';
import { NO_STATE_FLAGS, type DeviceState, type StateFlags } from './device-state.schema.js';
import { derivePrinterState, getPermittedActions, shouldShowSpinner } from './printer-state.js';

function deviceState(
  flags: Partial<StateFlags>,
  overrides: Partial<DeviceState> = {},
): DeviceState {
  return {
    is_paired: true,
    state: { text: 'x', flags: { ...NO_STATE_FLAGS, ...flags } },
    error: null,
    temperature: { tool0: null, bed: null },
    job: null,
    local_ip_address: null,
    plugins: { power_relay: false, power_on: null, led: false, spectoda: false, camera: false },
    lights: { led_on: null },
    klipper: null,
    ...overrides,
  };
}

const derive = (state: DeviceState | null, isConnected = true) =>
  derivePrinterState({ isConnected, state }).printerState;

describe('derivePrinterState: spec part 1 §4, row by row', () => {
  it('device not connected to the proxy server → NOT_CONNECTED_TO_PROXY_SERVER', () => {
    expect(derive(deviceState({ operational: true, ready: true }), false)).toBe(
      'NOT_CONNECTED_TO_PROXY_SERVER',
    );
  });
  it('permission denied → OCTOPRINT_PERMISSION_DENIED', () => {
    expect(derive(deviceState({}, { error: { code: 'permission-denied', detail: '' } }))).toBe(
      'OCTOPRINT_PERMISSION_DENIED',
    );
  });
  it('device offline (not paired) or no state → PRINTER_NOT_PAIRED', () => {
    expect(derive(null)).toBe('PRINTER_NOT_PAIRED');
    expect(derive(deviceState({ closedOrError: true }, { is_paired: false }))).toBe(
      'PRINTER_NOT_PAIRED',
    );
  });
  it('operational and cancelling → CANCELLING, even while printing', () => {
    expect(derive(deviceState({ operational: true, printing: true, cancelling: true }))).toBe(
      'CANCELLING',
    );
  });
  it('operational and printing → PRINTING', () => {
    expect(derive(deviceState({ operational: true, printing: true }))).toBe('PRINTING');
  });
  it('operational and paused → PAUSED', () => {
    expect(derive(deviceState({ operational: true, paused: true }))).toBe('PAUSED');
  });
  it('operational and ready → READY_TO_PRINT', () => {
    expect(derive(deviceState({ operational: true, ready: true }))).toBe('READY_TO_PRINT');
  });
  it('operational otherwise → STATE_UNKNOWN', () => {
    expect(derive(deviceState({ operational: true }))).toBe('STATE_UNKNOWN');
  });
  it('not operational with the error flag → ERROR, otherwise STATE_UNKNOWN', () => {
    expect(derive(deviceState({ error: true, closedOrError: true }))).toBe('ERROR');
    expect(derive(deviceState({}))).toBe('STATE_UNKNOWN');
  });
  it('download-in-progress → DOWNLOADING_PRINT_FILE with its progress', () => {
    const derived = derivePrinterState({
      isConnected: true,
      state: deviceState(
        { operational: true, ready: true },
        { error: { code: 'download-in-progress', detail: '42.5' } },
      ),
    });
    expect(derived).toEqual({ printerState: 'DOWNLOADING_PRINT_FILE', downloadProgress: 42.5 });
  });
  it.each(['', 'n/a', 'NaN', 'Infinity', '42%'])(
    'a download progress that is not a finite number (%j) reads as 0, never NaN',
    (detail) => {
      const derived = derivePrinterState({
        isConnected: true,
        state: deviceState(
          { operational: true, ready: true },
          { error: { code: 'download-in-progress', detail } },
        ),
      });
      expect(derived).toEqual({ printerState: 'DOWNLOADING_PRINT_FILE', downloadProgress: 0 });
    },
  );
  it('moved-to-background is ignored', () => {
    expect(
      derive(
        deviceState(
          { operational: true, printing: true },
          { error: { code: 'moved-to-background', detail: '' } },
        ),
      ),
    ).toBe('PRINTING');
  });
  it('download progress clears when a normal state arrives', () => {
    expect(
      derivePrinterState({
        isConnected: true,
        state: deviceState({ operational: true, ready: true }),
      }).downloadProgress,
    ).toBeNull();
  });
});

describe('getPermittedActions: spec part 1 §4', () => {
  const base = { isConnected: true, isPaired: true, hasPowerRelay: true };
  it('turn off only when paired, with a relay, and ready', () => {
    expect(getPermittedActions({ ...base, printerState: 'READY_TO_PRINT' }).canTurnOff).toBe(true);
    expect(getPermittedActions({ ...base, printerState: 'PRINTING' }).canTurnOff).toBe(false);
    expect(
      getPermittedActions({ ...base, hasPowerRelay: false, printerState: 'READY_TO_PRINT' })
        .canTurnOff,
    ).toBe(false);
  });
  it('turn on only with a relay, online, not paired, PRINTER_NOT_PAIRED', () => {
    expect(
      getPermittedActions({ ...base, isPaired: false, printerState: 'PRINTER_NOT_PAIRED' })
        .canTurnOn,
    ).toBe(true);
    expect(
      getPermittedActions({
        ...base,
        isConnected: false,
        isPaired: false,
        printerState: 'PRINTER_NOT_PAIRED',
      }).canTurnOn,
    ).toBe(false);
    expect(getPermittedActions({ ...base, printerState: 'PRINTER_NOT_PAIRED' }).canTurnOn).toBe(
      false,
    );
  });
  it('a relay that reads off turns on, not off, even while Klipper is ready (issue 30)', () => {
    const off = { ...base, printerState: 'READY_TO_PRINT', powerOn: false } as const;
    expect(getPermittedActions(off).canTurnOn).toBe(true);
    expect(getPermittedActions(off).canTurnOff).toBe(false);
    expect(getPermittedActions({ ...off, isConnected: false }).canTurnOn).toBe(false);
    expect(getPermittedActions({ ...off, hasPowerRelay: false }).canTurnOn).toBe(false);
    expect(getPermittedActions({ ...off, powerOn: true }).canTurnOn).toBe(false);
  });
  it('emergency stop needs the device online and paired', () => {
    expect(getPermittedActions({ ...base, printerState: 'PRINTING' }).canEmergencyStop).toBe(true);
    expect(
      getPermittedActions({ ...base, isConnected: false, printerState: 'STATE_UNKNOWN' })
        .canEmergencyStop,
    ).toBe(false);
  });
  it('movement needs READY_TO_PRINT; pause only printing; resume only paused; cancel in both', () => {
    const printing = getPermittedActions({ ...base, printerState: 'PRINTING' });
    const paused = getPermittedActions({ ...base, printerState: 'PAUSED' });
    expect([printing.canMove, printing.canPause, printing.canResume, printing.canCancel]).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect([paused.canPause, paused.canResume, paused.canCancel]).toEqual([false, true, true]);
    expect(getPermittedActions({ ...base, printerState: 'READY_TO_PRINT' }).canMove).toBe(true);
  });
});

describe('shouldShowSpinner', () => {
  const now = 1_000_000;
  it('shows while changing state, in STATE_UNKNOWN, or when the last update is over 10 s old', () => {
    expect(
      shouldShowSpinner({
        printerState: 'READY_TO_PRINT',
        isChangingState: false,
        lastUpdateMs: now - 1000,
        nowMs: now,
      }),
    ).toBe(false);
    expect(
      shouldShowSpinner({
        printerState: 'READY_TO_PRINT',
        isChangingState: true,
        lastUpdateMs: now,
        nowMs: now,
      }),
    ).toBe(true);
    expect(
      shouldShowSpinner({
        printerState: 'STATE_UNKNOWN',
        isChangingState: false,
        lastUpdateMs: now,
        nowMs: now,
      }),
    ).toBe(true);
    expect(
      shouldShowSpinner({
        printerState: 'READY_TO_PRINT',
        isChangingState: false,
        lastUpdateMs: now - 10_001,
        nowMs: now,
      }),
    ).toBe(true);
  });
});
