import { describe, expect, it } from 'vitest';
import { getDisplayStatus } from './camera-machine';

describe('a printer without a camera', () => {
  it('says "none" calmly, not an error', () => {
    const state = { status: 'error', offlineReason: null } as unknown as Parameters<
      typeof getDisplayStatus
    >[0];
    expect(
      getDisplayStatus(state, { isEnabled: true, hasCamera: false, isDownloading: false }),
    ).toBe('none');
    expect(getDisplayStatus(state, { isEnabled: true, isDownloading: false })).toBe('error');
  });
});
