import { describe, expect, it } from 'vitest';
import { findScreen } from './use-document-title';

describe('findScreen', () => {
  it('names the screen of a path, static parts before parameters', () => {
    expect(findScreen('/')).toBe('dashboard');
    expect(findScreen('/gcodes/5')).toBe('gcodeDetail');
    expect(findScreen('/settings/printers/3/create')).toBe('settingsPrinterAdd');
    expect(findScreen('/settings/printers/3/17')).toBe('settingsPrinterEdit');
    expect(findScreen('/settings/workspaces/4/invite-users')).toBe('settingsWorkspaceInviteUsers');
    expect(findScreen('/no/such/page')).toBeNull();
  });
});
