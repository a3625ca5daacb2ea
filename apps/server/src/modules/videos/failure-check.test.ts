import { describe, expect, it } from 'vitest';
import { checkTimelapse } from './failure-check.js';

const SIZE = 32 * 24;
const flat = (value: number) => Buffer.alloc(SIZE, value);
const distinct = (count: number) => Array.from({ length: count }, (_, i) => `digest-${i}`);
/** A scene that changes a little every frame, as a print head moving over a growing part. */
const moving = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const frame = Buffer.alloc(SIZE, 90);
    for (let p = 0; p < 40; p++) frame[(i * 7 + p) % SIZE] = 250;
    return frame;
  });

describe('checkTimelapse', () => {
  it('passes a normal print', () => {
    const result = checkTimelapse({
      outcome: 'done',
      framesReceived: 30,
      cameraFailures: 2,
      thumbnails: moving(30),
      digests: distinct(30),
    });
    expect(result).toEqual({ flagged: false, reasons: [] });
  });

  it('flags a failed or cancelled print', () => {
    const base = {
      framesReceived: 5,
      cameraFailures: 0,
      thumbnails: moving(5),
      digests: distinct(5),
    };
    expect(checkTimelapse({ ...base, outcome: 'failed' }).reasons).toEqual(['print_failed']);
    expect(checkTimelapse({ ...base, outcome: 'cancelled' }).reasons).toEqual(['print_cancelled']);
  });

  it('flags a camera that was black for most of the print, but not for a few frames', () => {
    const mostlyBlack = [...moving(4), ...Array.from({ length: 6 }, () => flat(3))];
    expect(
      checkTimelapse({
        outcome: 'done',
        framesReceived: 10,
        cameraFailures: 0,
        thumbnails: mostlyBlack,
        digests: distinct(10),
      }).reasons,
    ).toEqual(['camera_black']);
    const someBlack = [...moving(6), ...Array.from({ length: 4 }, () => flat(3))];
    expect(
      checkTimelapse({
        outcome: 'done',
        framesReceived: 10,
        cameraFailures: 0,
        thumbnails: someBlack,
        digests: distinct(10),
      }).flagged,
    ).toBe(false);
  });

  it('flags a frozen camera: the very same picture over and over, not a quiet scene', () => {
    const frozen = ['a', 'b', ...Array.from({ length: 8 }, () => 'same')];
    const input = { outcome: 'done' as const, framesReceived: 10, cameraFailures: 0 };
    expect(
      checkTimelapse({
        ...input,
        thumbnails: Array.from({ length: 10 }, () => flat(120)),
        digests: frozen,
      }).reasons,
    ).toEqual(['camera_frozen']);
    // the same grey picture, but a live sensor's bytes differ each time: not frozen
    expect(
      checkTimelapse({
        ...input,
        thumbnails: Array.from({ length: 10 }, () => flat(120)),
        digests: distinct(10),
      }).flagged,
    ).toBe(false);
  });

  it('flags a camera that did not answer most snapshots', () => {
    expect(
      checkTimelapse({
        outcome: 'done',
        framesReceived: 4,
        cameraFailures: 6,
        thumbnails: moving(4),
        digests: distinct(4),
      }).reasons,
    ).toEqual(['camera_unreachable']);
  });

  describe('"more than half" means more: exactly half says nothing', () => {
    const tenFrames = { outcome: 'done' as const, framesReceived: 10, cameraFailures: 0 };

    it('five black frames of ten are no black camera; six are', () => {
      const black = (count: number) => [
        ...moving(10 - count),
        ...Array.from({ length: count }, () => flat(3)),
      ];
      expect(checkTimelapse({ ...tenFrames, thumbnails: black(5), digests: distinct(10) })).toEqual(
        { flagged: false, reasons: [] },
      );
      expect(
        checkTimelapse({ ...tenFrames, thumbnails: black(6), digests: distinct(10) }).reasons,
      ).toEqual(['camera_black']);
    });

    it('five unanswered snapshots of ten are no unreachable camera; six are', () => {
      const unanswered = (failures: number) =>
        checkTimelapse({
          outcome: 'done',
          framesReceived: 10 - failures,
          cameraFailures: failures,
          thumbnails: moving(10 - failures),
          digests: distinct(10 - failures),
        }).reasons;
      expect(unanswered(5)).toEqual([]);
      expect(unanswered(6)).toEqual(['camera_unreachable']);
    });

    it('two repeats in four steps are no frozen camera; three are', () => {
      const thumbnails = moving(5);
      const frames = { outcome: 'done' as const, framesReceived: 5, cameraFailures: 0 };
      expect(
        checkTimelapse({ ...frames, thumbnails, digests: ['a', 'a', 'b', 'b', 'c'] }).reasons,
      ).toEqual([]);
      expect(
        checkTimelapse({ ...frames, thumbnails, digests: ['a', 'a', 'a', 'b', 'b'] }).reasons,
      ).toEqual(['camera_frozen']);
    });
  });
});
