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
    expect(getScreenPath('printQueue')).toBe('/print-queue');
  });

  it('has the timelapse videos (spec part 2 §2.1)', () => {
    expect(getScreenPath('videos')).toBe('/timelapse-videos');
    expect(getScreenPath('videoDetail', { id: 9 })).toBe('/timelapse-videos/9');
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
      'workspaceStats',
    ]);
  });
});
