import { describe, expect, it } from 'vitest';
import { getCentreSquare, isAllowedAvatarFile } from './avatar-file';

describe('avatar file', () => {
  it('takes PNG and JPEG only', () => {
    expect(isAllowedAvatarFile({ name: 'a.PNG', type: 'image/png' })).toBe(true);
    expect(isAllowedAvatarFile({ name: 'a.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(isAllowedAvatarFile({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    expect(isAllowedAvatarFile({ name: 'a.png', type: 'image/svg+xml' })).toBe(false);
  });

  it('crops the centred square', () => {
    expect(getCentreSquare(400, 200)).toEqual({ x: 100, y: 0, side: 200 });
    expect(getCentreSquare(100, 301)).toEqual({ x: 0, y: 100, side: 100 });
  });
});
