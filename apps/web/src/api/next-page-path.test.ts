import { describe, expect, it } from 'vitest';
import { nextPagePath } from './next-page-path';

describe('nextPagePath', () => {
  it('drops the API base the server writes before the path', () => {
    expect(nextPagePath({ next: '/api/groups/3/videos/?cursor=abc' })).toBe(
      '/groups/3/videos/?cursor=abc',
    );
  });

  it('keeps a path without the base as it is', () => {
    expect(nextPagePath({ next: '/groups/3/users/?cursor=x' })).toBe('/groups/3/users/?cursor=x');
    expect(nextPagePath({ next: '/apis/other' })).toBe('/apis/other');
  });

  it('ends the list on the last page', () => {
    expect(nextPagePath({ next: null })).toBeUndefined();
    expect(nextPagePath({})).toBeUndefined();
  });
});
