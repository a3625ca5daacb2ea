import { describe, expect, it } from 'vitest';
import {
  countFarmStatuses,
  getFarmStatus,
  listFinishingSoonest,
  parseFarmStatus,
} from './farm-status';
import { buildView } from '../../../../test-support/printer-fixtures';

const job = (left: number | null) => ({
  job: { file_name: 'a.gcode', completion: 50, print_time: 60, print_time_left: left },
});

describe('farm status', () => {
  it('sorts every printer state into five words, unknown into none', () => {
    expect(getFarmStatus('DOWNLOADING_PRINT_FILE')).toBe('printing');
    expect(getFarmStatus('CANCELLING')).toBe('printing');
    expect(getFarmStatus('READY_TO_PRINT')).toBe('ready');
    expect(getFarmStatus('PAUSED')).toBe('paused');
    expect(getFarmStatus('OCTOPRINT_PERMISSION_DENIED')).toBe('error');
    expect(getFarmStatus('PRINTER_NOT_PAIRED')).toBe('offline');
    expect(getFarmStatus('STATE_UNKNOWN')).toBeNull();
  });

  it('counts and reads the URL parameter', () => {
    const views = [buildView('PRINTING'), buildView('PRINTING'), buildView('ERROR')];
    expect(countFarmStatuses(views)).toEqual({
      printing: 2,
      ready: 0,
      paused: 0,
      error: 1,
      offline: 0,
    });
    expect(parseFarmStatus('paused')).toBe('paused');
    expect(parseFarmStatus('PAUSED')).toBeNull();
    expect(parseFarmStatus(null)).toBeNull();
  });

  it('lists printing jobs soonest first, leaving out those without a time left', () => {
    const late = buildView('PRINTING', { device: job(3600), printer: { id: 1 } });
    const soon = buildView('PRINTING', { device: job(60), printer: { id: 2 } });
    const unknown = buildView('PRINTING', { device: job(null), printer: { id: 3 } });
    const paused = buildView('PAUSED', { device: job(10), printer: { id: 4 } });
    expect(
      listFinishingSoonest([late, soon, unknown, paused]).map((j) => [
        j.view.printer.id,
        j.secondsLeft,
      ]),
    ).toEqual([
      [2, 60],
      [1, 3600],
    ]);
  });
});
