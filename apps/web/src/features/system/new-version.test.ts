import { describe, expect, it } from 'vitest';
import { isNewVersionAvailable } from './new-version';

describe('isNewVersionAvailable', () => {
  it('is false while the server serves this build', () => {
    expect(isNewVersionAvailable('b1', 'b1')).toBe(false);
  });

  it('is true once the server serves another build', () => {
    expect(isNewVersionAvailable('b1', 'b2')).toBe(true);
  });

  it('is false while the server has not answered or knows no build', () => {
    expect(isNewVersionAvailable('b1', undefined)).toBe(false);
    expect(isNewVersionAvailable('b1', '')).toBe(false);
  });
});
