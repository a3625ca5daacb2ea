import { describe, expect, it } from 'vitest';
import { diffStatus } from './subscriptions.js';

describe('diffStatus', () => {
  it('reports everything the first time', () => {
    const { changes } = diffStatus({}, { extruder: { temperature: 21, target: 0 } });
    expect(changes).toEqual({ extruder: { temperature: 21, target: 0 } });
  });

  it('reports only the fields that changed, and leaves unchanged objects out', () => {
    const first = diffStatus(
      {},
      {
        extruder: { temperature: 21, target: 0 },
        toolhead: { homed_axes: '', position: [0, 0, 0, 0] },
      },
    );
    const { changes } = diffStatus(first.sent, {
      extruder: { temperature: 25.5, target: 0 },
      toolhead: { homed_axes: '', position: [0, 0, 0, 0] },
    });
    expect(changes).toEqual({ extruder: { temperature: 25.5 } });
  });

  it('compares arrays and objects by value', () => {
    const first = diffStatus({}, { toolhead: { position: [1, 2, 3, 4] } });
    expect(diffStatus(first.sent, { toolhead: { position: [1, 2, 3, 4] } }).changes).toEqual({});
    expect(diffStatus(first.sent, { toolhead: { position: [1, 2, 3, 5] } }).changes).toEqual({
      toolhead: { position: [1, 2, 3, 5] },
    });
  });
});
