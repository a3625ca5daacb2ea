import { describe, expect, it } from 'vitest';
import { getListEmptyState } from './list-empty-state';

describe('getListEmptyState', () => {
  it('shows nothing special while there are files', () => {
    expect(getListEmptyState({ count: 3, isFiltered: true, canUpload: true })).toBeNull();
  });

  it('names the filter when a filtered list is empty', () => {
    expect(getListEmptyState({ count: 0, isFiltered: true, canUpload: true })).toBe('noMatch');
  });

  it('calls to upload in an empty workspace, if the member may', () => {
    expect(getListEmptyState({ count: 0, isFiltered: false, canUpload: true })).toBe(
      'callToUpload',
    );
    expect(getListEmptyState({ count: 0, isFiltered: false, canUpload: false })).toBe('noFiles');
  });
});
