import { describe, expect, it } from 'vitest';
import { getPrintQueueBox, type PrintQueueJob } from './print-queue.schema.js';

const job = (overrides: Partial<PrintQueueJob>): PrintQueueJob => ({
  id: 1,
  outcome: 'done',
  ended_on: '2026-01-01T10:00:00.000Z',
  video_state: 'READY',
  ...overrides,
});

describe('getPrintQueueBox (spec part 2 §4.1 boxes, ARCHITECTURE §6)', () => {
  it.each([
    ['a queued item', 'TO_BE_PRINTED', null, 'queue'],
    ['an archived item', 'DONE', job({}), 'archive'],
    [
      'a running job without a video',
      'PRINTED',
      job({ ended_on: null, outcome: 'printing', video_state: 'NOT_RECORDED' }),
      'printing',
    ],
    [
      'a running job whose video has not begun',
      'PRINTED',
      job({ ended_on: null, video_state: null }),
      'printing',
    ],
    ['an ended job still recording', 'PRINTED', job({ video_state: 'RECORDING' }), 'printing'],
    [
      'an ended job whose video is analysed',
      'PRINTED',
      job({ video_state: 'ANALYZING' }),
      'printing',
    ],
    [
      'an ended job whose video is not there yet',
      'PRINTED',
      job({ video_state: null }),
      'printing',
    ],
    ['an ended job with its video ready', 'PRINTED', job({ video_state: 'READY' }), 'printed'],
    ['an ended job whose video failed', 'PRINTED', job({ video_state: 'FAILED' }), 'printed'],
    [
      'an ended job without a video',
      'PRINTED',
      job({ outcome: 'failed', video_state: 'NOT_RECORDED' }),
      'printed',
    ],
    ['a printed item whose job was deleted', 'PRINTED', null, 'printed'],
  ] as const)('%s → %s', (_name, state, printJob, box) => {
    expect(getPrintQueueBox({ state, print_job: printJob })).toBe(box);
  });
});
