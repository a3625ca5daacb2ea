import { describe, expect, it } from 'vitest';
import { buildPrinterView, getProgressWidth, shouldShowProgress } from './printer-view';
import {
  buildDeviceState,
  buildPrinter,
  buildView,
} from '../../../../test-support/printer-fixtures';
import { formatProgress, formatTemperature } from './printer-state-display';

describe('buildPrinterView', () => {
  it('is unknown before the first device state arrives', () => {
    const view = buildPrinterView(buildPrinter(), undefined);
    expect(view).toMatchObject({ printerState: 'STATE_UNKNOWN', isOnline: false, isPaired: false });
    expect(view.actions.canMove).toBe(false);
  });

  it('takes the state the server derived and the permitted actions from shared', () => {
    const view = buildView('READY_TO_PRINT', { relay: true });
    expect(view.actions).toMatchObject({ canMove: true, canTurnOff: true, canTurnOn: false });
  });

  it('shows no job times for a device that reports times but no file (after a disconnect)', () => {
    const times = { completion: null, print_time: 30, print_time_left: 0 };
    const leftover = buildPrinterView(
      buildPrinter(),
      buildDeviceState('PRINTER_NOT_PAIRED', { job: { file_name: null, ...times } }),
    );
    expect(leftover.job).toBeNull();
    const unpaired = buildPrinterView(
      buildPrinter(),
      buildDeviceState('PRINTER_NOT_PAIRED', { job: { file_name: 'gear.gcode', ...times } }),
    );
    expect(unpaired.job).toBeNull();
    const printing = buildPrinterView(
      buildPrinter(),
      buildDeviceState('PRINTING', { job: { file_name: 'gear.gcode', ...times } }),
    );
    expect(printing.job).toMatchObject({ name: 'gear.gcode', printTime: 30 });
  });

  it('reads an offline device as not connected to its printer, with the age of its values', () => {
    const view = buildView('NOT_CONNECTED_TO_PROXY_SERVER', {
      device: { is_paired: true, updated_at: 1_000 },
    });
    expect(view).toMatchObject({ isOnline: false, isPaired: false, lastSeenAt: 1_000 });
    expect(buildView('READY_TO_PRINT', { device: { updated_at: 1_000 } }).lastSeenAt).toBeNull();
  });

  it('tells a finished job the printer still shows from a running one', () => {
    const job = { file_name: 'gear.gcode', completion: 100, print_time: 600, print_time_left: 0 };
    const done = buildView('READY_TO_PRINT', { device: { job: { ...job, outcome: 'done' } } });
    expect(done.job?.finished).toEqual({ outcome: 'done' });
    const silent = buildView('READY_TO_PRINT', { device: { job } });
    expect(silent.job?.finished).toEqual({ outcome: null });
    const running = buildView('PRINTING', { device: { job: { ...job, completion: 40 } } });
    expect(running.job?.finished).toBeNull();
  });

  it('carries a second nozzle (a Bambu H2D) where the printer reports one, and heats with it', () => {
    const single = buildPrinterView(buildPrinter(), buildDeviceState('READY_TO_PRINT'));
    expect(single.temperatures.tool1).toBeNull();
    const tool0 = { actual: 220, target: 220 };
    const twoNozzles = buildPrinterView(
      buildPrinter(),
      buildDeviceState('PRINTING', {
        temperature: { tool0, tool1: { actual: 120.5, target: 220 }, bed: tool0 },
        job: { file_name: 'gear.gcode', completion: 0, print_time: 1, print_time_left: 100 },
      }),
    );
    expect(twoNozzles.temperatures.tool1).toEqual({ actual: 120.5, target: 220 });
    expect(twoNozzles.isHeating).toBe(true);
  });

  it('knows Klipper printers by their device type', () => {
    expect(buildView('READY_TO_PRINT', { printer: { device_type: 'moonraker' } }).isKlipper).toBe(
      true,
    );
    expect(buildView('READY_TO_PRINT').isKlipper).toBe(false);
  });
});

describe('progress bar', () => {
  const job = (completion: number) => ({
    file_name: 'a.gcode',
    completion,
    print_time: 1,
    print_time_left: 1,
  });

  it('shows when paired and printing, or when the job is past 0 %', () => {
    expect(shouldShowProgress(buildView('PRINTING', { device: { job: job(0) } }))).toBe(true);
    expect(shouldShowProgress(buildView('PAUSED', { device: { job: job(40) } }))).toBe(true);
    expect(shouldShowProgress(buildView('READY_TO_PRINT', { device: { job: job(0) } }))).toBe(
      false,
    );
  });

  it('hides when the device is not paired', () => {
    const view = buildView('PRINTER_NOT_PAIRED', { device: { job: job(50) } });
    expect(shouldShowProgress(view)).toBe(false);
  });

  it('is never thinner than 2 %', () => {
    expect(getProgressWidth(0)).toBe(2);
    expect(getProgressWidth(1.5)).toBe(2);
    expect(getProgressWidth(37)).toBe(37);
    expect(getProgressWidth(120)).toBe(100);
  });
});

describe('formats', () => {
  it('writes temperatures actual/target with one decimal', () => {
    expect(formatTemperature({ actual: 210.04, target: 210 })).toBe('210.0/210.0 °C');
    expect(formatTemperature({ actual: 21.55, target: null })).toBe('21.6/– °C');
    expect(formatTemperature(null)).toBe('–/– °C');
  });

  it('writes progress without decimals on cards and with two on the detail', () => {
    expect(formatProgress(42.567, 'card')).toBe('43 %');
    expect(formatProgress(42.567, 'detail')).toBe('42.57 %');
  });
});
