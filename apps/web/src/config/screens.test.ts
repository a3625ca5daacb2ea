import { describe, expect, it } from 'vitest';
import { getScreenPath, getSettingsPages, isScreenAvailable } from './screens';

describe('screen registry', () => {
  it('knows the screens that exist today', () => {
    expect(isScreenAvailable('dashboard')).toBe(true);
    expect(isScreenAvailable('settingsAppearance')).toBe(true);
    expect(isScreenAvailable('printers')).toBe(true);
    expect(isScreenAvailable('settingsPrinters')).toBe(true);
    expect(isScreenAvailable('gcodes')).toBe(true);
    expect(getScreenPath('gcodeDetail', { id: 5 })).toBe('/gcodes/5');
  });

  it('has no screens of later issues', () => {
    for (const id of ['videos', 'printQueue'] as const) {
      expect(isScreenAvailable(id)).toBe(false);
      expect(getScreenPath(id)).toBeUndefined();
    }
  });

  it('gives paths of existing screens', () => {
    expect(getScreenPath('dashboard')).toBe('/');
    expect(getScreenPath('selectGroup')).toBe('/select-group');
    expect(getScreenPath('printerDetail', { id: 7 })).toBe('/printers/7');
    expect(getScreenPath('settingsPrinterEdit', { groupId: 2, id: 7 })).toBe(
      '/settings/printers/2/7',
    );
  });

  it('lists the settings pages that exist', () => {
    expect(getSettingsPages()).toEqual([
      'settingsAccount',
      'settingsAppearance',
      'settingsWorkspaces',
      'settingsPrinters',
      'settingsNotifications',
      'settingsApiTokens',
    ]);
  });
});
