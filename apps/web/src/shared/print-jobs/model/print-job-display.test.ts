import type { PrintJob } from '@printdeck/shared';
import { describe, expect, it } from 'vitest';
import {
  decideReprint,
  getEndReasonDisplay,
  getOutcomeDisplay,
  OUTCOME_DISPLAY,
} from './print-job-display';

const job = (patch: Partial<PrintJob> = {}): PrintJob => ({
  id: 1,
  file_id: 7,
  file_name: 'gear.gcode',
  file_exists: true,
  printer_id: 3,
  printer_name: 'Prusa',
  printer_exists: true,
  username: 'ann',
  started_on: '2026-01-01T10:00:00Z',
  ended_on: null,
  outcome: 'printing',
  make_video: false,
  video_state: 'NOT_RECORDED',
  started_on_printer: false,
  end_reason: null,
  end_reason_code: null,
  energy_kwh: null,
  spool_usage: [],
  cost: null,
  ...patch,
});

describe('decideReprint', () => {
  it('opens the dialog with the latest file when it still exists', () => {
    expect(decideReprint(job())).toEqual({ kind: 'open', fileId: 7 });
  });
  it('says the gcode was deleted when the file is gone', () => {
    expect(decideReprint(job({ file_exists: false, file_id: null }))).toEqual({
      kind: 'fileDeleted',
    });
    expect(decideReprint(job({ file_exists: false }))).toEqual({ kind: 'fileDeleted' });
  });
  it('opens without a file when the printer never printed', () => {
    expect(decideReprint(null)).toEqual({ kind: 'noHistory' });
  });
});

describe('outcome labels', () => {
  it('has a label key for every outcome', () => {
    for (const outcome of ['printing', 'done', 'cancelled', 'failed', 'unknown'] as const) {
      expect(getOutcomeDisplay(outcome).key).toBe(`printJobs.outcome.${outcome}`);
    }
    expect(Object.keys(OUTCOME_DISPLAY)).toHaveLength(5);
  });
  it('marks failures red and finished jobs green', () => {
    expect(getOutcomeDisplay('failed').color).toBe('red');
    expect(getOutcomeDisplay('done').color).toBe('green');
  });
});

describe('end reasons', () => {
  it('words Printdeck’s reasons by code and quotes the printer’s own', () => {
    expect(getEndReasonDisplay(job({ outcome: 'unknown', end_reason_code: 'lost' }))).toEqual({
      key: 'printJobs.endReason.lost',
      reason: '',
    });
    const failed = job({ outcome: 'failed', end_reason: 'Heater off', end_reason_code: 'printer' });
    expect(getEndReasonDisplay(failed)).toEqual({
      key: 'printJobs.endReason.printer',
      reason: 'Heater off',
    });
  });

  it('says nothing for a running job or one the printer simply reported', () => {
    expect(getEndReasonDisplay(job({ outcome: 'printing', end_reason_code: 'gone' }))).toBeNull();
    expect(getEndReasonDisplay(job({ outcome: 'done' }))).toBeNull();
  });
});
