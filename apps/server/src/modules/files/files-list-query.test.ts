import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  readLabelFilter,
  toSearchPattern,
} from './files-list-query.js';

describe('toSearchPattern', () => {
  it('folds case (Unicode too) and escapes LIKE wildcards and the escape character', () => {
    expect(toSearchPattern('  ČÁP ')).toBe('%čáp%');
    expect(toSearchPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
    expect(toSearchPattern('   ')).toBeUndefined();
    expect(toSearchPattern(undefined)).toBeUndefined();
  });
});

describe('cursors', () => {
  it('round-trips, and refuses anything else with 400', () => {
    const cursor = { uploadedOn: '2026-01-02T03:04:05.678Z', id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const raw of ['', 'x', Buffer.from('{"id":1}').toString('base64url')]) {
      expect(() => decodeCursor(raw)).toThrow(/cursor/);
    }
  });
});

describe('readLabelFilter', () => {
  it('reads ids, UNCATEGORIZED and noLabels', () => {
    expect(readLabelFilter({ labels: '3,5', limit: 20 })).toEqual([3, 5]);
    expect(readLabelFilter({ labels: 'UNCATEGORIZED', limit: 20 })).toBe('none');
    expect(readLabelFilter({ noLabels: 'true', limit: 20 })).toBe('none');
    expect(readLabelFilter({ limit: 20 })).toBeUndefined();
    expect(() => readLabelFilter({ labels: '3', noLabels: 'true', limit: 20 })).toThrow();
  });
});
