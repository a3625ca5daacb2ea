import { describe, expect, it } from 'vitest';
import { getScreenPath, getSettingsPages, isScreenAvailable } from './screens';

describe('screen registry', () => {
  it('knows the screens that exist today', () => {
    expect(isScreenAvailable('dashboard')).toBe(true);
    expect(isScreenAvailable('settingsAppearance')).toBe(true);
  });

  it('has no screens of later issues', () => {
    for (const id of ['printers', 'gcodes', 'videos', 'printQueue', 'news'] as const) {
      expect(isScreenAvailable(id)).toBe(false);
      expect(getScreenPath(id)).toBeUndefined();
    }
  });

  it('gives paths of existing screens', () => {
    expect(getScreenPath('dashboard')).toBe('/');
    expect(getScreenPath('selectGroup')).toBe('/select-group');
  });

  it('lists the settings pages that exist', () => {
    expect(getSettingsPages()).toEqual(['settingsAccount', 'settingsAppearance']);
  });
});
