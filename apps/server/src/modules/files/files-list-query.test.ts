import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  readLabelFilter,
  toFileOrder,
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
    const cursor = { value: '2026-01-02T03:04:05.678Z', id: 42 };
    expect(decodeCursor(encodeCursor('-uploaded_on', cursor), '-uploaded_on')).toEqual(cursor);
    expect(decodeCursor(encodeCursor('size', { value: 0, id: 3 }), 'size')).toEqual({
      value: 0,
      id: 3,
    });
    for (const raw of ['', 'x', Buffer.from('{"id":1}').toString('base64url')]) {
      expect(() => decodeCursor(raw, '-uploaded_on')).toThrow(/cursor/);
    }
  });

  it('refuses a cursor of another ordering: it would skip or repeat files', () => {
    const byName = encodeCursor('name', { value: 'a.gcode', id: 1 });
    expect(() => decodeCursor(byName, '-name')).toThrow(/cursor/);
    expect(() => decodeCursor(byName, 'size')).toThrow(/cursor/);
  });
});

describe('toFileOrder', () => {
  it('reads the column and the direction; names sort by their folded form', () => {
    expect(toFileOrder('-uploaded_on')).toEqual({ column: 'uploaded_on', direction: 'desc' });
    expect(toFileOrder('name')).toEqual({ column: 'search_name', direction: 'asc' });
    expect(toFileOrder('-size')).toEqual({ column: 'size', direction: 'desc' });
  });
});

describe('readLabelFilter', () => {
  it('reads ids, UNCATEGORIZED and noLabels', () => {
    expect(readLabelFilter({ labels: '3,5' })).toEqual([3, 5]);
    expect(readLabelFilter({ labels: 'UNCATEGORIZED' })).toBe('none');
    expect(readLabelFilter({ noLabels: 'true' })).toBe('none');
    expect(readLabelFilter({})).toBeUndefined();
    expect(() => readLabelFilter({ labels: '3', noLabels: 'true' })).toThrow();
  });
});
