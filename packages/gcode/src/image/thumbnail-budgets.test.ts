import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../limits.js';
import { buildRunQoi } from '../../test-support/preview-bomb.js';
import { PNG_1X1 } from '../../test-support/tiny-images.js';
import { toSortedThumbnails } from './thumbnail.js';

const QOI_64 = buildRunQoi(64);

describe('thumbnail budgets per file', () => {
  it('decodes QOI previews until the per-file pixel budget is spent, then skips the rest', () => {
    const limits = { ...DEFAULT_LIMITS, maxThumbnailPixelsPerFile: 64 * 64 * 2 };
    const thumbnails = toSortedThumbnails([QOI_64, QOI_64, QOI_64, PNG_1X1], limits);
    // two QOI fit, the third is over budget; the PNG is not decoded, so it costs nothing
    expect(thumbnails.map((thumbnail) => thumbnail.format)).toEqual(['png', 'png', 'png']);
    expect(thumbnails.map((thumbnail) => thumbnail.width)).toEqual([64, 64, 1]);
  });

  it('skips a QOI preview larger than the whole budget without decoding it', () => {
    const limits = { ...DEFAULT_LIMITS, maxThumbnailPixelsPerFile: 64 * 64 - 1 };
    expect(toSortedThumbnails([QOI_64], limits)).toEqual([]);
  });

  it('the default budget takes one 2048 × 2048 QOI preview of the 16 in issue 23', () => {
    const bomb = buildRunQoi(2048);
    const thumbnails = toSortedThumbnails(Array(16).fill(bomb), DEFAULT_LIMITS);
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toMatchObject({ width: 2048, height: 2048, format: 'png' });
  });

  it('stops converting once the per-file time budget is spent', () => {
    let clock = 0;
    // each reading of the clock is 40 ms later: the budget of 100 ms covers two images
    const now = () => (clock += 40);
    const limits = { ...DEFAULT_LIMITS, thumbnailTimeBudgetMs: 100 };
    const thumbnails = toSortedThumbnails([QOI_64, PNG_1X1, QOI_64, PNG_1X1], limits, now);
    expect(thumbnails).toHaveLength(2);
  });
});
